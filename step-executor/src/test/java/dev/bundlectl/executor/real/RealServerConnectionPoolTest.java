package dev.bundlectl.executor.real;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.cluster.connect.ClusterConnection;
import dev.bundlectl.cluster.discovery.DiscoveryApiSurface;
import dev.bundlectl.executor.testing.Await;
import dev.bundlectl.executor.testing.CountingTcpForwarder;
import dev.bundlectl.executor.testing.RealApiServer;
import dev.bundlectl.executor.testing.RealApiServerExtension;
import dev.bundlectl.executor.testing.RealApiServerExtension.Served;
import io.fabric8.kubernetes.client.Config;
import java.net.URI;
import java.time.Duration;
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
