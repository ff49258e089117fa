package dev.bundlectl.cluster.discovery;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.cluster.connect.ClusterConnection;
import dev.bundlectl.executor.testing.Await;
import dev.bundlectl.executor.testing.ScriptedServer;
import dev.bundlectl.plan.api.ApiResource;
import io.vertx.core.Future;
import java.time.Duration;
import java.util.Set;
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
    void aSurfaceReadsTheGroupsItIsGivenAndAnyOtherOnlyWhenAsked() {
        DiscoveryApiSurface surface = Await.result(discovery.surface(Set.of("", "operators.coreos.com")));

        assertThat(server.count("GET", "/api/v1")).isEqualTo(1);
        assertThat(server.count("GET", "/apis/operators.coreos.com/v1alpha1")).isEqualTo(1);
        assertThat(server.count("GET", "/apis/rbac.authorization.k8s.io/v1")).isZero();

        // Asked from a thread that may wait: read then, once.
        assertThat(surface.servesKind("rbac.authorization.k8s.io", "RoleBinding")).isTrue();
        assertThat(surface.find("rbac.authorization.k8s.io", "v1", "Role")).isPresent();
        assertThat(server.count("GET", "/apis/rbac.authorization.k8s.io/v1")).isEqualTo(1);
    }

    @Test
    void aGroupTheRootDocumentsDoNotListIsNotServedWithoutARequest() {
        DiscoveryApiSurface surface = Await.result(discovery.surface(Set.of("")));
        int before = server.requests().size();

        assertThat(surface.listsGroup("monitoring.coreos.com")).isFalse();
        assertThat(surface.find("monitoring.coreos.com", "v1", "ServiceMonitor")).isEmpty();
        assertThat(surface.servesKind("monitoring.coreos.com", "ServiceMonitor")).isFalse();
        assertThat(surface.discoveryFailure("monitoring.coreos.com", "v1")).isEmpty();
        assertThat(server.requests()).hasSize(before);
    }

    @Test
    void aQuestionAboutAGroupNotYetReadFailsOnAnEventLoopInsteadOfBlockingIt() {
        DiscoveryApiSurface surface = Await.result(discovery.surface(Set.of("")));

        Throwable onEventLoop = Await.failure(connection.vertx().getOrCreateContext().<Boolean>executeBlocking(
                () -> surface.servesKind("", "ConfigMap"), false)
                .compose(read -> Future.<Boolean>future(promise -> connection.vertx().runOnContext(nothing -> {
                    try {
                        promise.complete(surface.servesKind("rbac.authorization.k8s.io", "Role"));
                    } catch (IllegalStateException refused) {
                        promise.fail(refused);
                    }
                }))));

        assertThat(onEventLoop).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("rbac.authorization.k8s.io/v1").hasMessageContaining("event loop");
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
