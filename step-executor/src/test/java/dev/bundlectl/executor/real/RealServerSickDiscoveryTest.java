package dev.bundlectl.executor.real;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.cluster.connect.ClusterConnection;
import dev.bundlectl.cluster.discovery.DiscoveryApiSurface;
import dev.bundlectl.cluster.discovery.DiscoveryFailedException;
import dev.bundlectl.cluster.kube.ApiException;
import dev.bundlectl.executor.testing.Await;
import dev.bundlectl.executor.testing.RealApiServer;
import dev.bundlectl.executor.testing.RealApiServerExtension;
import dev.bundlectl.executor.testing.SickApiService;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Discovery on a real kube-apiserver with an aggregated API whose service is missing: the
 * aggregator lists the group and answers 503 for it, and discovery carries on without it.
 */
@ExtendWith(RealApiServerExtension.class)
class RealServerSickDiscoveryTest {

    @Test
    void theAggregatorListsASickGroupAndAnswers503ForIt(RealApiServer server) {
        ClusterConnection connection = server.connect();
        try (SickApiService sick = SickApiService.register(server, "metrics.k8s.io", "v1beta1")) {
            Throwable error = Await.failure(connection.api().discover("/apis/metrics.k8s.io/v1beta1"));

            assertThat(error).isInstanceOf(ApiException.class);
            assertThat(((ApiException) error).isHttp(503)).as(error.getMessage()).isTrue();
        }
    }

    @Test
    void aSnapshotServesEveryOtherGroupAndRecordsTheSickOneAsFailed(RealApiServer server) {
        ClusterConnection connection = server.connect();
        try (SickApiService sick = SickApiService.register(server, "metrics.k8s.io", "v1beta1")) {
            DiscoveryApiSurface surface = Await.result(connection.discovery().snapshot());

            assertThat(surface.find("", "v1", "ConfigMap")).isPresent();
            assertThat(surface.find("apps", "v1", "Deployment")).isPresent();
            assertThat(surface.discoveryFailure("metrics.k8s.io", "v1beta1")).hasValueSatisfying(message -> assertThat(
                    message).startsWith("discovery of metrics.k8s.io/v1beta1 failed: 503 ServiceUnavailable"));
        }
    }

    @Test
    void aLookupOfTheSickGroupFailsWithTheDiscoveryMessageNotNotServed(RealApiServer server) {
        ClusterConnection connection = server.connect();
        try (SickApiService sick = SickApiService.register(server, "metrics.k8s.io", "v1beta1")) {
            Throwable error = Await.failure(connection.discovery().find("metrics.k8s.io", "v1beta1", "PodMetrics"));

            assertThat(error).isInstanceOf(DiscoveryFailedException.class);
            assertThat(error.getMessage()).startsWith("discovery of metrics.k8s.io/v1beta1 failed: 503 ServiceUnavailable");
        }
    }
}
