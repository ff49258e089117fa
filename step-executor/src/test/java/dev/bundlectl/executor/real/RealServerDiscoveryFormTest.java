package dev.bundlectl.executor.real;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.cluster.connect.ClusterConnection;
import dev.bundlectl.cluster.discovery.AggregatedDiscoveryReader;
import dev.bundlectl.cluster.discovery.DiscoveryApiSurface;
import dev.bundlectl.cluster.kube.ApiException;
import dev.bundlectl.cluster.kube.DiscoveryDocument;
import dev.bundlectl.executor.testing.Await;
import dev.bundlectl.executor.testing.FaultProxy;
import dev.bundlectl.executor.testing.FaultSchedule;
import dev.bundlectl.executor.testing.ProxiedRequest;
import dev.bundlectl.executor.testing.ProxyKubeconfig;
import dev.bundlectl.executor.testing.ProxyUpstream;
import dev.bundlectl.executor.testing.RealApiServer;
import dev.bundlectl.executor.testing.RealApiServerExtension;
import dev.bundlectl.plan.errors.ApiFailure;
import io.fabric8.kubernetes.client.Config;
import io.vertx.core.Future;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Discovery as each supported server serves it. Kubernetes 1.30 and later answer aggregated
 * discovery as {@code apidiscovery.k8s.io/v2} only (a request for v2beta1 alone gets 406), so one
 * answer from {@code /api} and one from {@code /apis} carry every resource; 1.26 has aggregated
 * discovery behind an alpha gate, off by default, and answers the plain lists, so each
 * group/version is read on its own. bundlectl asks for v2, then v2beta1, then plain JSON, and
 * reads either: both are run here on the real servers (CI's smoke set runs this class on 1.26.4).
 */
@ExtendWith(RealApiServerExtension.class)
@Tag(RealApiServer.SMOKE_ON_OLDEST)
class RealServerDiscoveryFormTest {

    private static final String V2 = "application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList";
    private static final String V2BETA1 = "application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList";

    @Test
    void theRootAnswersInTheFormItsVersionServes(RealApiServer server) {
        ClusterConnection connection = server.connect();

        Optional<DiscoveryDocument> root = Await.result(connection.api().discover("/apis",
                AggregatedDiscoveryReader.ACCEPT));

        assertThat(root).isPresent();
        if (RealApiServer.atLeast("1.30")) {
            assertThat(root.get().contentType()).as("aggregated v2").contains("v=v2;").contains("as=APIGroupDiscoveryList");
        } else {
            assertThat(AggregatedDiscoveryReader.isAggregated(root.get().contentType())).as(root.get().contentType())
                    .isFalse();
            assertThat(root.get().body().path("kind").asText()).isEqualTo("APIGroupList");
        }
    }

    @Test
    void eachAggregatedFormAloneIsAnsweredOrRefusedAsTheReleaseServesIt(RealApiServer server) {
        ClusterConnection connection = server.connect();

        Throwable beta = Await.failure(connection.api().discover("/apis", V2BETA1));
        Future<Optional<DiscoveryDocument>> v2 = connection.api().discover("/apis", V2);

        // Neither release answers v2beta1 (1.26 serves no aggregated form by default, 1.34 only v2):
        // bundlectl's Accept header ends with plain JSON, so every supported release has an answer.
        assertThat(beta).isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.failure())
                .isInstanceOfSatisfying(ApiFailure.HttpError.class, http -> assertThat(http.code()).isEqualTo(406)));
        if (RealApiServer.atLeast("1.30")) {
            assertThat(Await.result(v2)).hasValueSatisfying(document -> assertThat(document.contentType())
                    .contains("v=v2;"));
        } else {
            assertThat(Await.failure(v2)).isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.failure())
                    .isInstanceOfSatisfying(ApiFailure.HttpError.class, http -> assertThat(http.code()).isEqualTo(406)));
        }
    }

    @Test
    void aWholeSurfaceTakesTwoRequestsWhereAggregatedAndOnePerGroupVersionElsewhere(RealApiServer server,
            @TempDir Path dir) throws Exception {
        try (FaultProxy proxy = FaultProxy.start(ProxyUpstream.of(server.config()), FaultSchedule.none());
                ClusterConnection connection = ClusterConnection.connect(Config.fromKubeconfig(Files.readString(
                        ProxyKubeconfig.write(proxy, server.kubeconfig(), dir.resolve("proxy.yaml")))),
                        Duration.ofSeconds(30))) {
            DiscoveryApiSurface surface = Await.result(connection.discovery().snapshot());

            List<String> paths = proxy.requests().stream().map(ProxiedRequest::path).toList();
            assertThat(surface.find("apps", "v1", "Deployment")).isPresent();
            assertThat(surface.find("rbac.authorization.k8s.io", "v1", "ClusterRole")).isPresent();
            assertThat(surface.failures()).isEmpty();
            if (RealApiServer.atLeast("1.30")) {
                assertThat(paths).containsExactlyInAnyOrder("/api", "/apis");
            } else {
                assertThat(paths).contains("/api", "/apis", "/api/v1", "/apis/apps/v1",
                        "/apis/rbac.authorization.k8s.io/v1");
                assertThat(paths.size()).as(paths.toString()).isGreaterThan(20);
            }
        }
    }
}
