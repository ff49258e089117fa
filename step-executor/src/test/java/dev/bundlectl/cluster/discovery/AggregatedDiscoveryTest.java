package dev.bundlectl.cluster.discovery;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.cluster.connect.ClusterConnection;
import dev.bundlectl.cluster.retry.Backoff;
import dev.bundlectl.executor.testing.Await;
import dev.bundlectl.executor.testing.DiscoveryDocuments;
import dev.bundlectl.executor.testing.ScriptedServer;
import dev.bundlectl.executor.testing.VirtualScheduler;
import dev.bundlectl.plan.api.ApiResource;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** A server that answers aggregated discovery is read from {@code /api} and {@code /apis} alone. */
class AggregatedDiscoveryTest {

    private static final String V2 = "application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList";
    private static final String V2BETA1 = "application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList";

    private static final String CORE = """
            {"kind":"APIGroupDiscoveryList","apiVersion":"apidiscovery.k8s.io/v2","metadata":{},"items":[
              {"metadata":{"name":""},"versions":[{"version":"v1","resources":[
                {"resource":"configmaps","responseKind":{"group":"","version":"v1","kind":"ConfigMap"},"scope":"Namespaced","singularResource":"configmap","verbs":["get"]},
                {"resource":"namespaces","responseKind":{"group":"","version":"v1","kind":"Namespace"},"scope":"Cluster","singularResource":"namespace","verbs":["get"],
                 "subresources":[{"subresource":"status","responseKind":{"group":"","version":"v1","kind":"Namespace"},"verbs":["get"]}]}]}]}]}
            """;

    private static final String GROUPS = """
            {"kind":"APIGroupDiscoveryList","apiVersion":"apidiscovery.k8s.io/v2","metadata":{},"items":[
              {"metadata":{"name":"example.com"},"versions":[
                {"version":"v2","resources":[
                  {"resource":"widgets","responseKind":{"group":"","version":"","kind":"Widget"},"scope":"Namespaced","verbs":["get"]},
                  {"resource":"gadgets","responseKind":{"group":"","version":"","kind":"Gadget"},"scope":"Cluster","verbs":["get"]}]},
                {"version":"v1","freshness":"Current","resources":[
                  {"resource":"widgets","responseKind":{"group":"","version":"","kind":"Widget"},"scope":"Namespaced","verbs":["get"]}]}]},
              {"metadata":{"name":"metrics.k8s.io"},"versions":[{"version":"v1beta1","freshness":"Stale"}]}]}
            """;

    private static final String METRICS = "/apis/metrics.k8s.io/v1beta1";

    private ScriptedServer server;
    private Discovery discovery;

    @BeforeEach
    void start() {
        server = ScriptedServer.start();
        ClusterConnection connection = server.connect(Duration.ofSeconds(5));
        discovery = connection.discovery().retrying(new DiscoveryRetries(new VirtualScheduler(),
                new Backoff(Duration.ofMillis(250), Duration.ofSeconds(10), 0, () -> 0), Duration.ofSeconds(30),
                Long.MAX_VALUE));
        server.always("GET", "/api", new ScriptedServer.Respond(200, V2, CORE, Map.of()));
        server.always("GET", "/apis", new ScriptedServer.Respond(200, V2, GROUPS, Map.of()));
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void everyGroupVersionAndResourceComesFromTheOneAnswerWithItsScope() {
        server.always("GET", METRICS, ScriptedServer.json(200, DiscoveryDocuments.resources("metrics.k8s.io/v1beta1",
                "pods:PodMetrics:true")));

        DiscoveryApiSurface surface = Await.result(discovery.snapshot());

        assertThat(surface.find("", "v1", "ConfigMap")).contains(new ApiResource("", "v1", "ConfigMap", "configmaps", true));
        assertThat(surface.find("", "v1", "Namespace")).contains(new ApiResource("", "v1", "Namespace", "namespaces", false));
        assertThat(surface.find("example.com", "v2", "Gadget"))
                .contains(new ApiResource("example.com", "v2", "Gadget", "gadgets", false));
        assertThat(surface.find("example.com", "v1", "Widget")).isPresent();
        assertThat(surface.find("example.com", "v1", "Gadget")).isEmpty();
        assertThat(server.count("GET", "/api/v1")).isZero();
        assertThat(server.count("GET", "/apis/example.com/v1")).isZero();
        assertThat(server.count("GET", "/apis/example.com/v2")).isZero();

        assertThat(Await.result(discovery.find("example.com", "v2", "Widget"))).as("cached from the snapshot").isPresent();
        assertThat(server.count("GET", "/apis/example.com/v2")).isZero();
    }

    @Test
    void aStaleVersionIsAskedForItsOwnDocument() {
        server.always("GET", METRICS, ScriptedServer.json(200, DiscoveryDocuments.resources("metrics.k8s.io/v1beta1",
                "pods:PodMetrics:true")));

        DiscoveryApiSurface surface = Await.result(discovery.snapshot());

        assertThat(surface.find("metrics.k8s.io", "v1beta1", "PodMetrics")).isPresent();
        assertThat(surface.failures()).isEmpty();
        assertThat(server.count("GET", METRICS)).isEqualTo(1);
    }

    @Test
    void aStaleVersionThatStaysDownIsAFailedDiscoveryAndTheRestStands() {
        server.always("GET", METRICS, ScriptedServer.text(503, "service unavailable"));

        DiscoveryApiSurface surface = Await.result(discovery.snapshot());

        assertThat(surface.discoveryFailure("metrics.k8s.io", "v1beta1"))
                .contains("discovery of metrics.k8s.io/v1beta1 failed: 503 ServiceUnavailable: service unavailable (gave up after 8 attempts)");
        assertThat(server.count("GET", METRICS)).as("retried").isGreaterThan(1);
        assertThat(surface.find("example.com", "v2", "Widget")).isPresent();
    }

    @Test
    void theContentTypeTellsTheAggregatedFormFromThePlainOne() {
        assertThat(AggregatedDiscoveryReader.isAggregated(V2)).isTrue();
        assertThat(AggregatedDiscoveryReader.isAggregated(V2BETA1)).isTrue();
        assertThat(AggregatedDiscoveryReader.isAggregated("application/json")).isFalse();
        assertThat(AggregatedDiscoveryReader.isAggregated("")).isFalse();
    }
}
