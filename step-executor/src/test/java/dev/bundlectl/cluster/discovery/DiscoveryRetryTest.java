package dev.bundlectl.cluster.discovery;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.cluster.connect.ClusterConnection;
import dev.bundlectl.cluster.retry.Backoff;
import dev.bundlectl.executor.testing.Await;
import dev.bundlectl.executor.testing.DiscoveryDocuments;
import dev.bundlectl.executor.testing.ScriptedServer;
import dev.bundlectl.executor.testing.Statuses;
import dev.bundlectl.executor.testing.VirtualScheduler;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Group/version requests that fail transiently are retried; one that stays down spoils nothing else. */
class DiscoveryRetryTest {

    private static final String WIDGETS = "/apis/example.com/v1";
    private static final String METRICS = "/apis/metrics.k8s.io/v1beta1";

    private ScriptedServer server;
    private VirtualScheduler time;
    private Discovery discovery;

    @BeforeEach
    void start() {
        server = ScriptedServer.start();
        ClusterConnection connection = server.connect(Duration.ofSeconds(5));
        time = new VirtualScheduler();
        discovery = connection.discovery().retrying(new DiscoveryRetries(time,
                new Backoff(Duration.ofMillis(250), Duration.ofSeconds(10), 0, () -> 0), Duration.ofSeconds(30),
                Long.MAX_VALUE));
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void a503IsRetriedUntilTheGroupVersionAnswers() {
        server.on("GET", WIDGETS, ScriptedServer.text(503, "service unavailable"),
                ScriptedServer.status(503, "ServiceUnavailable", "try later"));
        server.always("GET", WIDGETS, ScriptedServer.json(200, DiscoveryDocuments.resources("example.com/v1",
                "widgets:Widget:true")));

        assertThat(Await.result(discovery.find("example.com", "v1", "Widget"))).isPresent();
        assertThat(server.count("GET", WIDGETS)).isEqualTo(3);
        assertThat(time.sleeps()).containsExactly(Duration.ofMillis(250), Duration.ofMillis(500));
    }

    @Test
    void a429WaitsAtLeastItsRetryAfter() {
        server.on("GET", WIDGETS, ScriptedServer.json(429, Statuses.status(429, "TooManyRequests", "slow down"),
                "Retry-After", "3"));
        server.always("GET", WIDGETS, ScriptedServer.json(200, DiscoveryDocuments.resources("example.com/v1",
                "widgets:Widget:true")));

        assertThat(Await.result(discovery.find("example.com", "v1", "Widget"))).isPresent();
        assertThat(time.sleeps()).containsExactly(Duration.ofSeconds(3));
    }

    @Test
    void aGroupVersionThatStaysDownFailsWithTheServersAnswerAndIsAskedAgainLater() {
        server.always("GET", WIDGETS, ScriptedServer.text(503, "service unavailable"));

        Throwable failure = Await.failure(discovery.find("example.com", "v1", "Widget"));

        assertThat(failure).isInstanceOf(DiscoveryFailedException.class)
                .hasMessage("discovery of example.com/v1 failed: 503 ServiceUnavailable: service unavailable (gave up after 8 attempts)");
        assertThat(server.count("GET", WIDGETS)).as("retried until the patience ran out").isGreaterThan(3);
        assertThat(time.sleeps().stream().reduce(Duration.ZERO, Duration::plus)).isLessThanOrEqualTo(Duration.ofSeconds(30));

        server.always("GET", WIDGETS, ScriptedServer.json(200, DiscoveryDocuments.resources("example.com/v1",
                "widgets:Widget:true")));
        assertThat(Await.result(discovery.find("example.com", "v1", "Widget"))).as("a failure is not cached").isPresent();
    }

    @Test
    void aPermanentFailureIsNotRetriedAndIsNotNotServed() {
        server.always("GET", WIDGETS, ScriptedServer.status(403, "Forbidden", "no discovery for you"));

        Throwable failure = Await.failure(discovery.find("example.com", "v1", "Widget"));

        assertThat(failure).isInstanceOf(DiscoveryFailedException.class)
                .hasMessage("discovery of example.com/v1 failed: 403 Forbidden: no discovery for you");
        assertThat(server.count("GET", WIDGETS)).isEqualTo(1);
        assertThat(time.sleeps()).isEmpty();
    }

    @Test
    void aSnapshotKeepsEveryOtherGroupVersionWhenOneStaysDown() {
        server.always("GET", "/apis", ScriptedServer.json(200, """
                {"kind":"APIGroupList","apiVersion":"v1","groups":[
                  {"name":"rbac.authorization.k8s.io","versions":[{"groupVersion":"rbac.authorization.k8s.io/v1","version":"v1"}]},
                  {"name":"metrics.k8s.io","versions":[{"groupVersion":"metrics.k8s.io/v1beta1","version":"v1beta1"}]}]}
                """));
        server.always("GET", METRICS, ScriptedServer.text(503, "service unavailable"));

        DiscoveryApiSurface surface = Await.result(discovery.snapshot());

        assertThat(surface.find("", "v1", "ConfigMap")).isPresent();
        assertThat(surface.find("rbac.authorization.k8s.io", "v1", "Role")).isPresent();
        assertThat(surface.find("metrics.k8s.io", "v1beta1", "PodMetrics")).isEmpty();
        assertThat(surface.discoveryFailure("metrics.k8s.io", "v1beta1"))
                .contains("discovery of metrics.k8s.io/v1beta1 failed: 503 ServiceUnavailable: service unavailable (gave up after 8 attempts)");
        assertThat(surface.discoveryFailure("rbac.authorization.k8s.io", "v1")).isEmpty();
        assertThat(server.count("GET", METRICS)).isGreaterThan(1);
    }
}
