package dev.bundlectl.executor;

import dev.bundlectl.plan.planned.PlannedInstall;
import dev.bundlectl.cluster.connect.ClusterConnection;
import dev.bundlectl.executor.apply.ApplySettings;
import static dev.bundlectl.executor.testing.Manifests.NS;
import static dev.bundlectl.executor.testing.Manifests.annotate;
import static dev.bundlectl.executor.testing.Manifests.clusterRole;
import static dev.bundlectl.executor.testing.Manifests.configMap;
import static dev.bundlectl.executor.testing.Manifests.required;
import static dev.bundlectl.executor.testing.Manifests.serviceAccount;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.executor.testing.Await;
import dev.bundlectl.executor.testing.Manifests;
import dev.bundlectl.executor.testing.MockCluster;
import dev.bundlectl.executor.testing.RecordingListener;
import dev.bundlectl.executor.testing.Statuses;
import dev.bundlectl.executor.testing.VirtualScheduler;
import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.model.InstallPlanPhase;
import dev.bundlectl.plan.model.Step;
import dev.bundlectl.plan.model.StepStatus;
import io.fabric8.kubernetes.api.model.ConfigMap;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Objects that already exist: the update path, its conflicts, and the annotation rules. */
class ExistingObjectTest {

    private static final String CONFIGMAPS = "/api/v1/namespaces/operators/configmaps";
    private static final String SETTINGS_APPLY = CONFIGMAPS + "/settings?fieldManager=bundlectl";

    private MockCluster cluster;
    private ClusterConnection connection;
    private VirtualScheduler scheduler;
    private RecordingListener listener;

    @BeforeEach
    void startCluster() {
        cluster = MockCluster.start();
        connection = cluster.connect();
        scheduler = new VirtualScheduler();
        listener = new RecordingListener();
    }

    @AfterEach
    void stopCluster() {
        cluster.close();
    }

    private InstallPlan run(ApplySettings.Builder options, Step... steps) {
        return Await.result(new PlanApplier(connection)
                .start(PlannedInstall.read(Manifests.plan(steps)), options.scheduler(scheduler).jitter(0).build(), listener).result());
    }

    private InstallPlan run(Step... steps) {
        return run(ApplySettings.builder(), steps);
    }

    private void seed(ObjectNode manifest) {
        ObjectNode copy = manifest.deepCopy();
        copy.withObject("/metadata").put("namespace", NS);
        connection.client().resource(Manifests.write(copy)).inNamespace(NS).create();
        cluster.clearRequests();
    }

    private Map<String, String> storedData(String name) {
        ConfigMap stored = connection.client().configMaps().inNamespace(NS).withName(name).get();
        return stored == null ? null : stored.getData();
    }

    @Test
    void anExistingObjectIsServerSideAppliedInOneRequestAndIsPresent() {
        seed(configMap("settings", Map.of("level", "old")));

        InstallPlan result = run(required(configMap("settings", Map.of("level", "new")), true));

        assertThat(result.steps().get(0).status()).isEqualTo(StepStatus.PRESENT);
        assertThat(result.steps().get(0).message()).isEqualTo("already existed; updated");
        List<MockCluster.Request> patches = cluster.requests("PATCH", CONFIGMAPS + "/settings");
        assertThat(patches).singleElement().satisfies(patch -> assertThat(patch.path())
                .contains("fieldManager=bundlectl").doesNotContain("force=true"));
        assertThat(cluster.requests("GET", CONFIGMAPS + "/settings")).isEmpty();
        assertThat(cluster.requests("PUT", CONFIGMAPS + "/settings")).isEmpty();
        assertThat(cluster.requests("POST", CONFIGMAPS)).isEmpty();
        assertThat(storedData("settings")).containsEntry("level", "new");
    }

    @Test
    void aFieldOwnedByAnotherManagerFailsTheStepNamingTheManagerAndTheField() {
        seed(configMap("settings", Map.of("level", "old")));
        cluster.server().expect().patch().withPath(SETTINGS_APPLY)
                .andReturn(409, Statuses.conflict("Apply failed with 1 conflict: conflict with \"kubectl-edit\" using v1: "
                        + ".data.level", ".data.level", "conflict with \"kubectl-edit\" using v1"))
                .always();

        InstallPlan result = run(required(configMap("settings", Map.of("level", "new")), true));

        Step step = result.steps().get(0);
        assertThat(step.status()).isEqualTo(StepStatus.FAILED);
        assertThat(step.message()).contains("409 Conflict").contains("kubectl-edit").contains(".data.level")
                .contains("--force-conflicts");
        assertThat(storedData("settings")).containsEntry("level", "old");
    }

    @Test
    void forceConflictsAsksTheServerToTakeTheFieldsOver() {
        seed(configMap("settings", Map.of("level", "old")));

        InstallPlan result = run(ApplySettings.builder().forceConflicts(true),
                required(configMap("settings", Map.of("level", "new")), true));

        assertThat(result.steps().get(0).status()).isEqualTo(StepStatus.PRESENT);
        assertThat(cluster.requests("PATCH", CONFIGMAPS + "/settings")).singleElement()
                .satisfies(patch -> assertThat(patch.path()).contains("force=true"));
    }

    @Test
    void retryAfterIsHonouredBeforeTheNextAttempt() {
        cluster.server().expect().patch().withPath(SETTINGS_APPLY)
                .andReturn(429, Statuses.status(429, "TooManyRequests", "slow down")).withHeader("Retry-After", "7").once();

        InstallPlan result = run(required(configMap("settings", Map.of()), true));

        assertThat(result.steps().get(0).status()).isEqualTo(StepStatus.CREATED);
        assertThat(scheduler.sleeps()).containsExactly(Duration.ofSeconds(7));
        assertThat(listener.retries(0)).singleElement().satisfies(event -> {
            assertThat(event.attempt()).isEqualTo(2);
            assertThat(event.message()).contains("429 TooManyRequests").contains("retrying in 7s");
        });
    }

    @Test
    void retryAfterSecondsInTheStatusDetailsIsHonouredToo() {
        cluster.server().expect().patch().withPath(SETTINGS_APPLY).andReturn(429, Statuses.tooManyRequests(4)).once();

        run(required(configMap("settings", Map.of()), true));

        assertThat(scheduler.sleeps()).containsExactly(Duration.ofSeconds(4));
    }

    @Test
    void aBurstOf503IsRetriedWithGrowingDelaysUntilItPasses() {
        cluster.server().expect().patch().withPath(SETTINGS_APPLY)
                .andReturn(503, Statuses.status(503, "ServiceUnavailable", "try again")).times(3);

        InstallPlan result = run(required(configMap("settings", Map.of()), true));

        assertThat(result.steps().get(0).status()).isEqualTo(StepStatus.CREATED);
        assertThat(scheduler.sleeps()).containsExactly(Duration.ofMillis(250), Duration.ofMillis(500),
                Duration.ofMillis(1000));
        assertThat(listener.retries(0)).extracting(StepEvent::attempt).containsExactly(2, 3, 4);
        assertThat(listener.eventsFor(0)).last().satisfies(event -> {
            assertThat(event.status()).isEqualTo(StepStatus.CREATED);
            assertThat(event.attempt()).isEqualTo(4);
        });
        assertThat(cluster.requests("PATCH", CONFIGMAPS + "/settings")).hasSize(4);
    }

    @Test
    void createOnlyLeavesAnExistingObjectUntouched() {
        seed(configMap("settings", Map.of("level", "old")));
        ObjectNode manifest = annotate(configMap("settings", Map.of("level", "new")),
                "release.openshift.io/create-only", "TRUE");

        InstallPlan result = run(required(manifest, true));

        assertThat(result.steps().get(0).status()).isEqualTo(StepStatus.PRESENT);
        assertThat(result.steps().get(0).message()).contains("create-only");
        assertThat(cluster.requests("PATCH", CONFIGMAPS)).isEmpty();
        assertThat(storedData("settings")).containsEntry("level", "old");
    }

    @Test
    void createOnlyCreatesAnAbsentObject() {
        ObjectNode manifest = annotate(configMap("settings", Map.of("level", "new")),
                "release.openshift.io/create-only", "true");

        InstallPlan result = run(required(manifest, true));

        assertThat(result.steps().get(0).status()).isEqualTo(StepStatus.CREATED);
        assertThat(storedData("settings")).containsEntry("level", "new");
    }

    @Test
    void aDeleteAnnotatedObjectIsDeletedInsteadOfApplied() {
        seed(configMap("legacy", Map.of()));
        ObjectNode manifest = annotate(configMap("legacy", Map.of()), "release.openshift.io/delete", "true");

        InstallPlan result = run(required(manifest, true));

        assertThat(result.steps().get(0).status()).isEqualTo(StepStatus.DELETED);
        assertThat(result.steps().get(0).message()).isEqualTo("deletion requested");
        assertThat(cluster.requests("PATCH", CONFIGMAPS)).isEmpty();
        assertThat(cluster.requests("DELETE", CONFIGMAPS + "/legacy")).hasSize(1);
        assertThat(storedData("legacy")).isNull();
    }

    @Test
    void aDeleteAnnotatedObjectThatIsAlreadyGoneCountsAsDeleted() {
        ObjectNode manifest = annotate(configMap("legacy", Map.of()), "release.openshift.io/delete", "true");

        InstallPlan result = run(required(manifest, true));

        assertThat(result.steps().get(0).status()).isEqualTo(StepStatus.DELETED);
        assertThat(result.steps().get(0).message()).isEqualTo("already gone");
        assertThat(result.status().phase()).isEqualTo(InstallPlanPhase.COMPLETE);
    }

    @Test
    void aFirstInstallSkipsDeleteAnnotatedObjectsWithoutSendingAnything() {
        seed(configMap("legacy", Map.of()));
        ObjectNode manifest = annotate(configMap("legacy", Map.of()), "release.openshift.io/delete", "true");

        InstallPlan result = run(ApplySettings.builder().firstInstall(true), required(manifest, true));

        assertThat(result.steps().get(0).status()).isEqualTo(StepStatus.NOT_CREATED);
        assertThat(result.steps().get(0).message()).isEqualTo("not deleted: a first install deletes nothing (release.openshift.io/delete)");
        assertThat(cluster.requests()).noneMatch(request -> request.path().startsWith(CONFIGMAPS));
    }

    @Test
    void anInvalidDeleteAnnotationFailsThePlanBeforeAnythingIsSent() {
        ObjectNode bad = annotate(configMap("legacy", Map.of()), "release.openshift.io/delete", "yes");

        InstallPlan result = run(required(serviceAccount("demo"), true), required(bad, true));

        assertThat(cluster.writes()).isEmpty();
        assertThat(result.status().phase()).isEqualTo(InstallPlanPhase.FAILED);
        assertThat(result.status().conditions().get(0).reason()).isEqualTo("InstallCheckFailed");
        assertThat(result.steps().get(0).status()).isEqualTo(StepStatus.UNKNOWN);
        assertThat(result.steps().get(1).status()).isEqualTo(StepStatus.FAILED);
        assertThat(result.steps().get(1).message())
                .isEqualTo("invalid delete annotation \"release.openshift.io/delete\" value: \"yes\"");
    }

    @Test
    void theStepsNamespaceWinsAndClusterScopedObjectsLoseTheirs() {
        ObjectNode elsewhere = configMap("settings", Map.of());
        elsewhere.withObject("/metadata").put("namespace", "elsewhere");
        ObjectNode role = clusterRole("demo");
        role.withObject("/metadata").put("namespace", "stray");

        InstallPlan result = run(required(elsewhere, true), required(role, false));

        assertThat(result.status().phase()).isEqualTo(InstallPlanPhase.COMPLETE);
        assertThat(storedData("settings")).isNotNull();
        MockCluster.Request roleApply = cluster.requests("PATCH", "/apis/rbac.authorization.k8s.io/v1/clusterroles/demo")
                .get(0);
        assertThat(Manifests.read(roleApply.body()).path("metadata").has("namespace")).isFalse();
        assertThat(Manifests.read(cluster.requests("PATCH", CONFIGMAPS + "/settings").get(0).body()).path("metadata")
                .path("namespace").asText()).isEqualTo(NS);
    }

    @Test
    void aKindDiscoverySaysIsServedButTheServerDoesNotKnowGetsTheServersRealAnswer() {
        cluster.server().expect().patch().withPath(SETTINGS_APPLY)
                .andReturn(404, "404 page not found").always();

        InstallPlan result = run(Manifests.optional(configMap("settings", Map.of()), true));

        assertThat(result.steps().get(0).status()).isEqualTo(StepStatus.NOT_CREATED);
        assertThat(result.steps().get(0).message()).isEqualTo("404: 404 page not found");
    }

    @Test
    void aRequiredStepOfAnUnservedKindFailsWithoutBeingSent() {
        InstallPlan result = run(required(Manifests.serviceMonitor("demo"), true));

        assertThat(result.steps().get(0).status()).isEqualTo(StepStatus.FAILED);
        assertThat(result.steps().get(0).message()).isEqualTo("api-server resource not found installing ServiceMonitor "
                + "demo: GroupVersionKind monitoring.coreos.com/v1, Kind=ServiceMonitor not found on the cluster");
        assertThat(cluster.writes()).isEmpty();
        assertThat(result.status().conditions().get(0).message()).startsWith("ServiceMonitor/operators/demo: api-server");
    }

    @Test
    void everyRequestCarriesTheConfiguredToken() {
        run(required(configMap("settings", Map.of()), true));

        assertThat(cluster.requests()).isNotEmpty()
                .allSatisfy(request -> assertThat(request.authorization()).isEqualTo("Bearer test-token"));
    }
}
