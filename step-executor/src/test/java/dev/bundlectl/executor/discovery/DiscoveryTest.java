package dev.bundlectl.executor.discovery;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.executor.connect.ClusterConnection;
import dev.bundlectl.executor.testing.Await;
import dev.bundlectl.executor.testing.ScriptedServer;
import dev.bundlectl.plan.api.ApiResource;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class DiscoveryTest {

    private ScriptedServer server;
    private ClusterConnection connection;
    private Discovery discovery;

    @BeforeEach
    void start() {
        server = ScriptedServer.start();
        connection = server.connect(Duration.ofSeconds(5));
        discovery = connection.discovery();
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void findsKindsWithTheirPluralAndScopeAndSkipsSubresources() {
        assertThat(Await.result(discovery.find("", "v1", "Service")))
                .contains(new ApiResource("", "v1", "Service", "services", true));
        assertThat(Await.result(discovery.find("rbac.authorization.k8s.io", "v1", "ClusterRole")))
                .contains(new ApiResource("rbac.authorization.k8s.io", "v1", "ClusterRole", "clusterroles", false));
        assertThat(Await.result(discovery.groupVersion("apiextensions.k8s.io", "v1")).byKind().values())
                .extracting(ApiResource::plural).containsExactly("customresourcedefinitions");
    }

    @Test
    void aGroupVersionAnsweredWithAPlainTextNotFoundIsNotServed() {
        server.always("GET", "/apis/monitoring.coreos.com/v1", ScriptedServer.text(404, "404 page not found"));

        assertThat(Await.result(discovery.find("monitoring.coreos.com", "v1", "ServiceMonitor"))).isEmpty();
        assertThat(Await.result(discovery.find("", "v1", "Widget"))).isEmpty();
    }

    @Test
    void eachGroupVersionIsFetchedOnceUntilRefreshed() {
        Await.result(discovery.find("", "v1", "Service"));
        Await.result(discovery.find("", "v1", "ConfigMap"));
        assertThat(server.count("GET", "/api/v1")).isEqualTo(1);

        Await.result(discovery.refresh("", "v1"));
        assertThat(server.count("GET", "/api/v1")).isEqualTo(2);
    }

    @Test
    void aSnapshotIsAnApiSurfaceOfEveryServedGroupVersion() {
        DiscoveryApiSurface surface = Await.result(discovery.snapshot());

        assertThat(surface.find("", "v1", "ServiceAccount")).map(ApiResource::plural).contains("serviceaccounts");
        assertThat(surface.find("operators.coreos.com", "v1alpha1", "ClusterServiceVersion")).isPresent();
        assertThat(surface.find("operators.coreos.com", "v1", "ClusterServiceVersion")).isEmpty();
        assertThat(surface.servesKind("rbac.authorization.k8s.io", "RoleBinding")).isTrue();
        assertThat(surface.servesKind("monitoring.coreos.com", "ServiceMonitor")).isFalse();
        assertThat(surface.description()).isEqualTo("live cluster " + connection.server());
    }

    @Test
    void aResourceContextCarriesWhatDiscoverySaid() {
        var context = ResourceContexts.of(new ApiResource("example.com", "v1", "Widget", "widgets", true));

        assertThat(context.getGroup()).isEqualTo("example.com");
        assertThat(context.getVersion()).isEqualTo("v1");
        assertThat(context.getKind()).isEqualTo("Widget");
        assertThat(context.getPlural()).isEqualTo("widgets");
        assertThat(context.isNamespaceScoped()).isTrue();
    }
}
