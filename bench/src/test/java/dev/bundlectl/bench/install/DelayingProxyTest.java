package dev.bundlectl.bench.install;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.bundlectl.cluster.connect.ClusterConnection;
import dev.bundlectl.executor.testing.MockCluster;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.client.Config;
import io.vertx.core.Vertx;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class DelayingProxyTest {

    private final Vertx vertx = Vertx.vertx();

    @AfterEach
    void closeVertx() {
        vertx.close().toCompletionStage().toCompletableFuture().join();
    }

    @Test
    void forwardsMethodPathHeadersAndBodiesBothWaysAndCountsEveryRequest() {
        try (MockCluster cluster = MockCluster.start();
                DelayingProxy proxy = DelayingProxy.start(vertx, URI.create(cluster.url()), Duration.ofMillis(1))) {
            Config config = cluster.config();
            config.setMasterUrl(proxy.url());
            try (ClusterConnection connection = ClusterConnection.connect(config, Duration.ofSeconds(10))) {
                ConfigMap sent = new ConfigMapBuilder().withNewMetadata().withName("through").withNamespace("ns")
                        .endMetadata().withData(Map.of("key", "value")).build();

                connection.client().resource(sent).create();
                ConfigMap read = connection.client().configMaps().inNamespace("ns").withName("through").get();

                assertThat(read.getData()).containsEntry("key", "value");
            }
            assertThat(proxy.url()).startsWith("http://127.0.0.1:");
            assertThat(proxy.latency()).isEqualTo(Duration.ofMillis(1));
            assertThat(proxy.requests()).isEqualTo(2);
            assertThat(proxy.holdTimes().count()).isEqualTo(2);
            assertThat(cluster.requests()).extracting(MockCluster.Request::method).containsExactly("POST", "GET");
            assertThat(cluster.requests().get(0).body()).contains("\"key\":\"value\"");
            assertThat(cluster.requests().get(0).authorization()).isEqualTo("Bearer test-token");
        }
    }

    @Test
    void refusesUpstreamsOffLoopbackAndLatenciesItCannotKeep() {
        assertThatThrownBy(() -> DelayingProxy.start(vertx, URI.create("http://192.0.2.1:8080/"), Duration.ZERO))
                .hasMessage("the upstream must be on a loopback address, not http://192.0.2.1:8080/");
        assertThatThrownBy(() -> DelayingProxy.start(vertx, URI.create("https://127.0.0.1:8443/"), Duration.ZERO))
                .hasMessage("the upstream must be http://host:port, not https://127.0.0.1:8443/");
        assertThatThrownBy(() -> DelayingProxy.start(vertx, URI.create("http://127.0.0.1:8080/"),
                Duration.ofNanos(1_500_000)))
                .hasMessage("the latency must be zero or more whole milliseconds, not PT0.0015S");
    }
}
