package dev.bundlectl.executor.capability;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.bundle.Manifest;
import dev.bundlectl.bundle.SourceLocation;
import dev.bundlectl.cluster.connect.ClusterConnection;
import dev.bundlectl.cluster.kube.ApiException;
import dev.bundlectl.executor.testing.Await;
import dev.bundlectl.executor.testing.DiscoveryDocuments;
import dev.bundlectl.executor.testing.Manifests;
import dev.bundlectl.executor.testing.MockCluster;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** {@link ClusterVersionReader} and {@link ExistingObjects} against fabric8's CRUD mock. */
class ClusterCapabilityReadsTest {

    private static final String CLUSTER_VERSION_PATH = "/apis/config.openshift.io/v1/clusterversions/version";

    private MockCluster cluster;
    private ClusterConnection connection;

    @BeforeEach
    void start() {
        cluster = MockCluster.start();
        connection = cluster.connect();
    }

    @AfterEach
    void stop() {
        cluster.close();
    }

    private void serveClusterVersions() {
        cluster.server().expect().get().withPath("/apis/config.openshift.io/v1")
                .andReturn(200, DiscoveryDocuments.resources("config.openshift.io/v1",
                        "clusterversions:ClusterVersion:false"))
                .always();
    }

    private Optional<ObjectNode> readClusterVersion() {
        return Await.result(new ClusterVersionReader(connection.api(), connection.discovery()).read());
    }

    private static Manifest manifest(String apiVersion, String kind, String namespace, String name) {
        ObjectNode body = Manifests.object(apiVersion, kind, name);
        return new Manifest(SourceLocation.file("manifests/" + name + ".yaml"), apiVersion, kind, name, namespace,
                Map.of(), body);
    }

    private void seed(ObjectNode object, String namespace) {
        object.withObject("/metadata").put("namespace", namespace);
        connection.client().resource(Manifests.write(object)).inNamespace(namespace).create();
    }

    @Test
    void aClusterThatDoesNotServeClusterVersionHasNone() {
        assertThat(readClusterVersion()).isEmpty();
        assertThat(cluster.requests()).noneMatch(request -> request.path().startsWith(CLUSTER_VERSION_PATH));
    }

    @Test
    void theClusterVersionObjectIsRead() {
        serveClusterVersions();
        cluster.server().expect().get().withPath(CLUSTER_VERSION_PATH).andReturn(200, """
                {"apiVersion":"config.openshift.io/v1","kind":"ClusterVersion","metadata":{"name":"version"},
                 "status":{"capabilities":{"enabledCapabilities":["Console"],"knownCapabilities":["Console","Insights"]}}}
                """).always();

        ObjectNode clusterVersion = readClusterVersion().orElseThrow();

        assertThat(clusterVersion.path("status").path("capabilities").path("knownCapabilities")).hasSize(2);
    }

    @Test
    void aServedKindWithoutTheObjectIsNoneAndOtherErrorsFail() {
        serveClusterVersions();
        assertThat(readClusterVersion()).isEmpty();

        cluster.server().expect().get().withPath(CLUSTER_VERSION_PATH).andReturn(403, """
                {"kind":"Status","apiVersion":"v1","status":"Failure","reason":"Forbidden","code":403,
                 "message":"clusterversions.config.openshift.io \\"version\\" is forbidden"}""").always();
        Throwable failure = Await.failure(new ClusterVersionReader(connection.api(), connection.discovery()).read());
        assertThat(failure).isInstanceOf(ApiException.class);
        assertThat(((ApiException) failure).isHttp(403)).isTrue();
    }

    @Test
    void aBundlesNamespacedObjectsAreLookedUpInTheInstallNamespace() {
        seed(Manifests.configMap("console-settings", Map.of()), "demo");
        Manifest declaredElsewhere = manifest("v1", "ConfigMap", "elsewhere", "console-settings");
        Manifest missing = manifest("v1", "ConfigMap", null, "absent");

        ExistenceCheck check = Await.result(new ExistingObjects(connection.api(), connection.discovery())
                .check(List.of(declaredElsewhere, missing), "demo"));

        assertThat(check.exists(declaredElsewhere)).isTrue();
        assertThat(check.exists(missing)).isFalse();
        assertThat(check.warnings()).isEmpty();
    }

    @Test
    void aPayloadsObjectsKeepTheirOwnNamespaceAndClusterScopedOnesHaveNone() {
        seed(Manifests.configMap("console-settings", Map.of()), "openshift-console");
        connection.client().resource(Manifests.write(Manifests.clusterRole("console-reader"))).create();
        Manifest own = manifest("v1", "ConfigMap", "openshift-console", "console-settings");
        Manifest wrongNamespace = manifest("v1", "ConfigMap", "openshift-other", "console-settings");
        Manifest noNamespace = manifest("v1", "ConfigMap", null, "console-settings");
        Manifest clusterScoped = manifest("rbac.authorization.k8s.io/v1", "ClusterRole", "ignored", "console-reader");

        ExistenceCheck check = Await.result(new ExistingObjects(connection.api(), connection.discovery())
                .check(List.of(own, wrongNamespace, noNamespace, clusterScoped), null));

        assertThat(check.exists(own)).isTrue();
        assertThat(check.exists(wrongNamespace)).isFalse();
        assertThat(check.exists(noNamespace)).isFalse();
        assertThat(check.exists(clusterScoped)).isTrue();
    }

    @Test
    void anUnservedKindDoesNotExistAndAnUnreadableObjectCountsAsAbsentWithAWarning() {
        cluster.server().expect().get().withPath("/apis/monitoring.coreos.com/v1").andReturn(404, "404 page not found")
                .always();
        cluster.server().expect().get().withPath("/api/v1/namespaces/demo/secrets/hidden").andReturn(403, """
                {"kind":"Status","apiVersion":"v1","status":"Failure","reason":"Forbidden","code":403,
                 "message":"secrets \\"hidden\\" is forbidden"}""").always();
        Manifest monitor = manifest("monitoring.coreos.com/v1", "ServiceMonitor", null, "metrics");
        Manifest hidden = manifest("v1", "Secret", null, "hidden");

        ExistenceCheck check = Await.result(new ExistingObjects(connection.api(), connection.discovery())
                .check(List.of(monitor, hidden), "demo"));

        assertThat(check.existing()).isEmpty();
        assertThat(check.warnings()).singleElement().asString()
                .startsWith("could not check whether Secret/hidden already exists (")
                .contains("403")
                .endsWith("it counts as absent");
    }

    @Test
    void manyLookupsAllComeBack() {
        List<Manifest> manifests = new java.util.ArrayList<>();
        for (int i = 0; i < 11; i++) {
            if (i % 2 == 0) {
                seed(Manifests.configMap("cm-" + i, Map.of()), "demo");
            }
            manifests.add(manifest("v1", "ConfigMap", null, "cm-" + i));
        }

        ExistenceCheck check = Await.result(new ExistingObjects(connection.api(), connection.discovery())
                .check(manifests, "demo"));

        assertThat(check.existing()).extracting(Manifest::name)
                .containsExactlyInAnyOrder("cm-0", "cm-2", "cm-4", "cm-6", "cm-8", "cm-10");
    }
}
