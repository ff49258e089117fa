package dev.bundlectl.executor;

import dev.bundlectl.plan.planned.PlannedInstall;
import dev.bundlectl.cluster.connect.ClusterConnection;
import dev.bundlectl.executor.apply.ApplySettings;
import static dev.bundlectl.executor.testing.Manifests.required;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.cluster.discovery.ResourceContexts;
import dev.bundlectl.executor.testing.Await;
import dev.bundlectl.executor.testing.Manifests;
import dev.bundlectl.executor.testing.MockCluster;
import dev.bundlectl.executor.testing.RecordingListener;
import dev.bundlectl.executor.testing.ScriptedServer;
import dev.bundlectl.executor.testing.VirtualScheduler;
import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.model.InstallPlanPhase;
import dev.bundlectl.plan.model.Step;
import dev.bundlectl.plan.model.StepStatus;
import dev.bundlectl.plan.api.ApiResource;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * The second safety check before a CRD update (semantics.md §3): existing custom resources must
 * still validate against the new schema, or the CRD step fails and the CRD is left as it is.
 */
class ExistingCustomResourcesTest {

    private static final String CRDS = "/apis/apiextensions.k8s.io/v1/customresourcedefinitions";
    private static final String CRD_NAME = "caches.cache.bundlectl.dev";
    private static final String CACHES = "/apis/cache.bundlectl.dev/v1/caches";
    private static final ApiResource CACHE = new ApiResource("cache.bundlectl.dev", "v1", "Cache", "caches", true);

    /** The Cache CRD, with {@code spec.size} limited to {@code maxSize}, in the given versions. */
    static ObjectNode cacheCrd(int maxSize, String... versions) {
        ObjectNode crd = Manifests.object("apiextensions.k8s.io/v1", "CustomResourceDefinition", CRD_NAME);
        ObjectNode spec = crd.putObject("spec");
        spec.put("group", "cache.bundlectl.dev").put("scope", "Namespaced");
        spec.putObject("names").put("kind", "Cache").put("plural", "caches").put("singular", "cache")
                .put("listKind", "CacheList");
        ArrayNode list = spec.putArray("versions");
        for (int i = 0; i < versions.length; i++) {
            ObjectNode schema = list.addObject().put("name", versions[i]).put("served", true).put("storage", i == 0)
                    .putObject("schema").putObject("openAPIV3Schema").put("type", "object");
            schema.putObject("properties").putObject("spec").put("type", "object")
                    .putObject("properties").putObject("size").put("type", "integer").put("maximum", maxSize);
        }
        return crd;
    }

    static ObjectNode cache(String namespace, String name, int size) {
        ObjectNode cache = Manifests.object("cache.bundlectl.dev/v1", "Cache", name);
        ((ObjectNode) cache.get("metadata")).put("namespace", namespace);
        cache.putObject("spec").put("size", size);
        return cache;
    }

    static String cacheList(String continueToken, ObjectNode... items) {
        ObjectNode list = Manifests.object("cache.bundlectl.dev/v1", "CacheList", "ignored");
        list.putObject("metadata").put("continue", continueToken);
        ArrayNode array = list.putArray("items");
        for (ObjectNode item : items) {
            array.add(item);
        }
        return Manifests.write(list);
    }

    private static ObjectNode withStoredVersions(ObjectNode crd, String... stored) {
        ObjectNode existing = crd.deepCopy();
        ArrayNode list = existing.putObject("status").putArray("storedVersions");
        for (String version : stored) {
            list.add(version);
        }
        return existing;
    }

    /** Against fabric8's CRUD mock: CRDs and custom resources really stored. */
    @Nested
    class OnTheCrudMock {

        private MockCluster cluster;
        private ClusterConnection connection;

        @BeforeEach
        void startCluster() {
            cluster = MockCluster.start();
            connection = cluster.connect();
        }

        @AfterEach
        void stopCluster() {
            cluster.close();
        }

        private void seed(ObjectNode liveCrd, ObjectNode... caches) {
            connection.client().resource(Manifests.write(withStoredVersions(liveCrd, "v1"))).create();
            for (ObjectNode cache : caches) {
                connection.client().genericKubernetesResources(ResourceContexts.of(CACHE))
                        .inNamespace(cache.path("metadata").path("namespace").asText())
                        .resource(connection.client().getKubernetesSerialization()
                                .convertValue(cache, GenericKubernetesResource.class))
                        .create();
            }
            cluster.clearRequests();
        }

        private InstallPlan install(ObjectNode crd) {
            return Await.result(new PlanApplier(connection).start(PlannedInstall.read(Manifests.plan(required(crd, false),
                            required(Manifests.configMap("after", Map.of()), true))),
                    ApplySettings.builder().scheduler(new VirtualScheduler()).build(), new RecordingListener())
                    .result());
        }

        private int liveMaximum() {
            return connection.client().apiextensions().v1().customResourceDefinitions().withName(CRD_NAME).get()
                    .getSpec().getVersions().get(0).getSchema().getOpenAPIV3Schema().getProperties().get("spec")
                    .getProperties().get("size").getMaximum().intValue();
        }

        @Test
        void anUpdateEveryExistingResourceSurvivesGoesAhead() {
            seed(cacheCrd(20, "v1"), cache("demo", "small", 5));

            InstallPlan result = install(cacheCrd(9, "v1"));

            assertThat(result.steps().get(0).status()).isEqualTo(StepStatus.PRESENT);
            assertThat(cluster.requests("GET", CACHES)).hasSize(1);
            assertThat(cluster.requests("PATCH", CRDS + "/" + CRD_NAME)).hasSize(1);
            assertThat(liveMaximum()).isEqualTo(9);
            assertThat(result.status().phase()).isEqualTo(InstallPlanPhase.COMPLETE);
        }

        @Test
        void anExistingResourceTheNewSchemaRefusesFailsTheStepAndLeavesTheCrd() {
            seed(cacheCrd(20, "v1"), cache("demo", "small", 5), cache("demo", "big", 12));

            InstallPlan result = install(cacheCrd(9, "v1"));

            Step step = result.steps().get(0);
            assertThat(step.status()).isEqualTo(StepStatus.FAILED);
            assertThat(step.message()).isEqualTo("error validating existing CRs against new CRD's schema for "
                    + "\"caches.cache.bundlectl.dev\": error validating custom resource against new schema for Cache "
                    + "demo/big: [spec.size: Invalid value: 12: spec.size in body should be less than or equal to 9]");
            assertThat(cluster.requests("PATCH", CRDS)).isEmpty();
            assertThat(liveMaximum()).isEqualTo(20);
            assertThat(result.steps().get(1).status()).isEqualTo(StepStatus.UNKNOWN);
            assertThat(result.status().phase()).isEqualTo(InstallPlanPhase.FAILED);
        }

        @Test
        void withoutExistingResourcesTheUpdateGoesAhead() {
            seed(cacheCrd(20, "v1"));

            InstallPlan result = install(cacheCrd(9, "v1"));

            assertThat(result.steps().get(0).status()).isEqualTo(StepStatus.PRESENT);
            assertThat(cluster.requests("GET", CACHES)).hasSize(1);
            assertThat(liveMaximum()).isEqualTo(9);
        }

        @Test
        void anUnchangedSchemaIsNotCheckedAgain() {
            seed(cacheCrd(9, "v1"), cache("demo", "small", 5));

            InstallPlan result = install(cacheCrd(9, "v1"));

            assertThat(result.steps().get(0).status()).isEqualTo(StepStatus.PRESENT);
            assertThat(cluster.requests("GET", CACHES)).isEmpty();
        }

        @Test
        void aVersionTheClusterDoesNotServeYetHasNoResourcesToCheck() {
            seed(cacheCrd(20, "v1"), cache("demo", "small", 5));

            InstallPlan result = install(cacheCrd(9, "v1", "v2"));

            assertThat(result.steps().get(0).status()).isEqualTo(StepStatus.PRESENT);
            assertThat(cluster.requests("GET", "/apis/cache.bundlectl.dev/v2/")).isEmpty();
            assertThat(cluster.requests("GET", CACHES)).hasSize(1);
        }
    }

    /** Against a scripted server: paging, and lists that fail. */
    @Nested
    class OnAScriptedServer {

        private ScriptedServer server;

        @BeforeEach
        void startServer() {
            server = ScriptedServer.start();
            ObjectNode live = withStoredVersions(cacheCrd(20, "v1"), "v1");
            ObjectNode established = cacheCrd(9, "v1");
            established.putObject("status").putArray("conditions")
                    .add(Manifests.read("{\"type\":\"Established\",\"status\":\"True\"}"))
                    .add(Manifests.read("{\"type\":\"NamesAccepted\",\"status\":\"True\"}"));
            server.on("GET", CRDS + "/" + CRD_NAME, ScriptedServer.json(200, Manifests.write(live)));
            server.always("GET", CRDS + "/" + CRD_NAME, ScriptedServer.json(200, Manifests.write(established)));
            server.always("PATCH", CRDS + "/" + CRD_NAME, ScriptedServer.json(200, Manifests.write(established)));
        }

        @AfterEach
        void stopServer() {
            server.close();
        }

        private Step install() {
            InstallPlan result = Await.result(new PlanApplier(server.connect(Duration.ofSeconds(5))).start(PlannedInstall.read(
                    Manifests.plan(required(cacheCrd(9, "v1"), false))),
                    ApplySettings.builder().scheduler(new VirtualScheduler()).timeout(Duration.ofSeconds(30)).build(),
                    new RecordingListener()).result());
            return result.steps().get(0);
        }

        @Test
        void everyPageIsReadAndTheFirstFewInvalidResourcesAreNamed() {
            server.on("GET", CACHES,
                    ScriptedServer.json(200, cacheList("page-2", cache("a", "one", 1), cache("a", "two", 10))),
                    ScriptedServer.json(200, cacheList("page-3", cache("b", "three", 11), cache("b", "four", 12))),
                    ScriptedServer.json(200, cacheList("", cache("c", "five", 13))));

            Step step = install();

            assertThat(server.requests()).filteredOn(request -> request.startsWith("GET " + CACHES)).containsExactly(
                    "GET " + CACHES + "?limit=500", "GET " + CACHES + "?limit=500&continue=page-2",
                    "GET " + CACHES + "?limit=500&continue=page-3");
            assertThat(step.status()).isEqualTo(StepStatus.FAILED);
            assertThat(step.message()).isEqualTo("error validating existing CRs against new CRD's schema for "
                    + "\"caches.cache.bundlectl.dev\": "
                    + "error validating custom resource against new schema for Cache a/two: [spec.size: Invalid value: "
                    + "10: spec.size in body should be less than or equal to 9]; "
                    + "error validating custom resource against new schema for Cache b/three: [spec.size: Invalid value: "
                    + "11: spec.size in body should be less than or equal to 9]; "
                    + "error validating custom resource against new schema for Cache b/four: [spec.size: Invalid value: "
                    + "12: spec.size in body should be less than or equal to 9]; and 1 more invalid Cache object");
            assertThat(server.count("PATCH", CRDS + "/" + CRD_NAME)).isZero();
        }

        @Test
        void aResourceTheServerDoesNotKnowHasNothingToCheck() {
            server.on("GET", CACHES, ScriptedServer.text(404, "404 page not found"));

            Step step = install();

            assertThat(step.status()).isEqualTo(StepStatus.PRESENT);
            assertThat(server.count("PATCH", CRDS + "/" + CRD_NAME)).isEqualTo(1);
        }

        @Test
        void anExpiredContinueTokenRestartsTheListOnce() {
            server.on("GET", CACHES,
                    ScriptedServer.json(200, cacheList("page-2", cache("a", "old", 10))),
                    ScriptedServer.status(410, "Expired", "The provided continue parameter is too old"),
                    ScriptedServer.json(200, cacheList("", cache("a", "one", 1))));

            Step step = install();

            assertThat(server.count("GET", CACHES)).isEqualTo(3);
            assertThat(step.status()).isEqualTo(StepStatus.PRESENT);
        }

        @Test
        void aListThatIsRefusedFailsTheStepWithTheApisAnswer() {
            server.always("GET", CACHES, ScriptedServer.status(403, "Forbidden",
                    "caches.cache.bundlectl.dev is forbidden: User \"installer\" cannot list resource \"caches\""));

            Step step = install();

            assertThat(step.status()).isEqualTo(StepStatus.FAILED);
            assertThat(step.message()).startsWith("error validating existing CRs against new CRD's schema for "
                    + "\"caches.cache.bundlectl.dev\": listing caches.cache.bundlectl.dev/v1 failed: ")
                    .contains("403").contains("cannot list resource");
            assertThat(server.count("PATCH", CRDS + "/" + CRD_NAME)).isZero();
        }

        @Test
        void aTransientListFailureIsRetried() {
            server.on("GET", CACHES, ScriptedServer.status(503, "ServiceUnavailable", "try again"),
                    ScriptedServer.json(200, cacheList("", cache("a", "one", 1))));

            Step step = install();

            assertThat(server.count("GET", CACHES)).isEqualTo(2);
            assertThat(step.status()).isEqualTo(StepStatus.PRESENT);
        }
    }
}
