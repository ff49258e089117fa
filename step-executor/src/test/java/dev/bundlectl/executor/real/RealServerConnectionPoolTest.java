package dev.bundlectl.executor.real;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.cluster.connect.ClusterConnection;
import dev.bundlectl.cluster.discovery.DiscoveryApiSurface;
import dev.bundlectl.executor.testing.Await;
import dev.bundlectl.executor.testing.CountingTcpForwarder;
import dev.bundlectl.executor.testing.RealApiServer;
import dev.bundlectl.executor.testing.RealApiServerExtension;
import dev.bundlectl.executor.testing.RealApiServerExtension.Served;
import dev.bundlectl.plan.api.ApiResource;
import io.fabric8.kubernetes.client.Config;
import io.vertx.core.Future;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * How many connections a {@link ClusterConnection} opens to a real API server. Discovery sends one
 * request per served group/version, all at once; with fabric8's own pool each went out on a new TLS
 * connection (27 for the OLM-flavoured test server), and in a fresh CLI process every handshake is
 * slow. The connection keeps at most {@link ClusterConnection#API_CONNECTIONS} and reuses them.
 */
@ExtendWith(RealApiServerExtension.class)
class RealServerConnectionPoolTest {

    @Test
    void discoveryOfEveryServedGroupVersionSharesAFewKeptAliveConnections(@Served(RealApiServer.Flavour.OLM) RealApiServer server) {
        Config config = server.config();
        try (CountingTcpForwarder forwarder = CountingTcpForwarder.start(URI.create(config.getMasterUrl()).getPort())) {
            config.setMasterUrl("https://127.0.0.1:" + forwarder.port());
            try (ClusterConnection connection = ClusterConnection.connect(config, Duration.ofSeconds(30))) {
                DiscoveryApiSurface served = Await.result(connection.discovery().snapshot());
                // Twice as many requests again, on the connections already open.
                Await.result(connection.discovery().snapshot());

                assertThat(served.find("", "v1", "ConfigMap")).isPresent();
                assertThat(served.find("operators.coreos.com", "v1alpha1", "ClusterServiceVersion")).isPresent();
                assertThat(served.find("apps", "v1", "Deployment")).isPresent();
                assertThat(served.find("rbac.authorization.k8s.io", "v1", "ClusterRole")).isPresent();
                assertThat(served.failures()).isEmpty();
                assertThat(forwarder.connections()).isBetween(1, ClusterConnection.API_CONNECTIONS);
            }
        }
    }

    @Test
    void aConnectionAskedForMoreOpensMoreForRequestsSentAtOnceAndNoMoreThanThat(
            @Served(RealApiServer.Flavour.OLM) RealApiServer server) {
        Config config = server.config();
        try (CountingTcpForwarder forwarder = CountingTcpForwarder.start(URI.create(config.getMasterUrl()).getPort())) {
            config.setMasterUrl("https://127.0.0.1:" + forwarder.port());
            try (ClusterConnection connection = ClusterConnection.connect(config, Duration.ofSeconds(30), 8)) {
                ApiResource namespaces = new ApiResource("", "v1", "Namespace", "namespaces", false);
                for (int round = 0; round < 3; round++) {
                    List<Future<ObjectNode>> reads = new ArrayList<>();
                    for (int i = 0; i < 24; i++) {
                        reads.add(connection.api().get(namespaces, null, "default"));
                    }
                    Await.result(Future.all(new ArrayList<>(reads)));
                }

                assertThat(forwarder.connections()).as("the controller's workers are not held to a command's two")
                        .isBetween(ClusterConnection.API_CONNECTIONS + 1, 8);
            }
        }
    }

    @Test
    void theTypedClientIsBuiltOnlyWhenAskedForAndThenWorks(RealApiServer server) {
        Config config = server.config();
        try (CountingTcpForwarder forwarder = CountingTcpForwarder.start(URI.create(config.getMasterUrl()).getPort())) {
            config.setMasterUrl("https://127.0.0.1:" + forwarder.port());
            try (ClusterConnection connection = ClusterConnection.connect(config, Duration.ofSeconds(30))) {
                assertThat(connection.contextNamespace()).isEqualTo(config.getNamespace());
                assertThat(forwarder.connections()).as("nothing is sent before the first request").isZero();

                assertThat(connection.client().namespaces().withName("default").get()).isNotNull();
                assertThat(connection.client()).isSameAs(connection.client());
                assertThat(forwarder.connections()).isEqualTo(1);
            }
        }
    }
}
