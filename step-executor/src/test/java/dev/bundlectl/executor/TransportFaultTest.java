package dev.bundlectl.executor;

import dev.bundlectl.plan.planned.PlannedInstall;
import dev.bundlectl.cluster.connect.ClusterConnection;
import dev.bundlectl.executor.apply.ApplySettings;
import static dev.bundlectl.executor.testing.Manifests.configMap;
import static dev.bundlectl.executor.testing.Manifests.required;
import static dev.bundlectl.executor.testing.ScriptedServer.hang;
import static dev.bundlectl.executor.testing.ScriptedServer.json;
import static dev.bundlectl.executor.testing.ScriptedServer.reset;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.executor.testing.Await;
import dev.bundlectl.executor.testing.Manifests;
import dev.bundlectl.executor.testing.RecordingListener;
import dev.bundlectl.executor.testing.ScriptedServer;
import dev.bundlectl.executor.testing.VirtualScheduler;
import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.model.InstallPlanPhase;
import dev.bundlectl.plan.model.Step;
import dev.bundlectl.plan.model.StepStatus;
import io.fabric8.kubernetes.client.ConfigBuilder;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Connection resets, timeouts and refused connections, and applies whose answer was lost. */
class TransportFaultTest {

    private static final String CONFIGMAPS = "/api/v1/namespaces/operators/configmaps";
    private static final String SETTINGS = CONFIGMAPS + "/settings";
    // Long enough that a loaded machine answers the scripted replies in time: a reply that came too
    // late would be retried, and the script has no reply left for it.
    private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(1);

    private ScriptedServer server;
    private VirtualScheduler scheduler;
    private RecordingListener listener;

    @BeforeEach
    void start() {
        server = ScriptedServer.start();
        scheduler = new VirtualScheduler();
        listener = new RecordingListener();
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private InstallPlan run(ClusterConnection connection, Step... steps) {
        ApplySettings options = ApplySettings.builder().scheduler(scheduler).jitter(0)
                .timeout(Duration.ofSeconds(30)).build();
        return Await.result(new PlanApplier(connection).start(PlannedInstall.read(Manifests.plan(steps)), options, listener).result());
    }

    private static ObjectNode settings() {
        ObjectNode manifest = configMap("settings", Map.of("level", "high"));
        manifest.withObject("/metadata").put("namespace", Manifests.NS);
        return manifest;
    }

    @Test
    void connectionResetsAreRetriedUntilTheApplySucceeds() {
        server.on("PATCH", SETTINGS, reset(), reset(), json(201, Manifests.write(settings())));

        InstallPlan result = run(server.connect(REQUEST_TIMEOUT), required(settings(), true));

        assertThat(result.steps().get(0).status()).isEqualTo(StepStatus.CREATED);
        assertThat(server.count("PATCH", SETTINGS)).isEqualTo(3);
        assertThat(listener.retries(0)).hasSize(2)
                .allSatisfy(event -> assertThat(event.message()).contains("connection reset"));
    }

    @Test
    void aTimedOutRequestIsRetried() {
        server.on("PATCH", SETTINGS, hang(), json(201, Manifests.write(settings())));

        InstallPlan result = run(server.connect(REQUEST_TIMEOUT), required(settings(), true));

        assertThat(result.steps().get(0).status()).isEqualTo(StepStatus.CREATED);
        assertThat(listener.retries(0)).singleElement()
                .satisfies(event -> assertThat(event.message()).contains("request timed out"));
    }

    @Test
    void anApplyWhoseAnswerWasLostButThatCreatedTheObjectCountsAsCreated() {
        // The retry finds the object (200, not 201); the server stamped it after the first try began.
        Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        server.on("PATCH", SETTINGS, hang(), json(200, Manifests.write(stored(now)), "Date", httpDate(now)));

        InstallPlan result = run(server.connect(REQUEST_TIMEOUT), required(settings(), true));

        assertThat(result.steps().get(0).status()).isEqualTo(StepStatus.CREATED);
        assertThat(server.count("PATCH", SETTINGS)).isEqualTo(2);
    }

    @Test
    void anObjectThatExistedBeforeALostAnswerIsPresent() {
        Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        server.on("PATCH", SETTINGS, hang(),
                json(200, Manifests.write(stored(now.minus(Duration.ofDays(3)))), "Date", httpDate(now)));

        InstallPlan result = run(server.connect(REQUEST_TIMEOUT), required(settings(), true));

        assertThat(result.steps().get(0).status()).isEqualTo(StepStatus.PRESENT);
    }

    @Test
    void withoutTheServersDateALostAnswerIsNotClaimedAsCreated() {
        // No clock to compare the creation stamp with: claiming the object could let uninstall
        // delete something that was there before.
        server.on("PATCH", SETTINGS, hang(), json(200, Manifests.write(stored(Instant.now()))));

        InstallPlan result = run(server.connect(REQUEST_TIMEOUT), required(settings(), true));

        assertThat(result.steps().get(0).status()).isEqualTo(StepStatus.PRESENT);
    }

    private static ObjectNode stored(Instant createdAt) {
        ObjectNode stored = settings();
        stored.withObject("/metadata").put("resourceVersion", "12").put("uid", "abc")
                .put("creationTimestamp", createdAt.truncatedTo(ChronoUnit.SECONDS).toString());
        return stored;
    }

    private static String httpDate(Instant instant) {
        return DateTimeFormatter.RFC_1123_DATE_TIME.format(instant.atZone(ZoneOffset.UTC));
    }

    @Test
    void aRefusedConnectionFailsThePlanOnceTheDeadlineLeavesNoRoom() throws Exception {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closedPort = socket.getLocalPort();
        }
        ClusterConnection connection = ClusterConnection.connect(
                new ConfigBuilder().withMasterUrl("http://127.0.0.1:" + closedPort).build(), REQUEST_TIMEOUT);

        ApplySettings options = ApplySettings.builder().scheduler(scheduler).jitter(0)
                .timeout(Duration.ofSeconds(2)).build();
        InstallPlan result = Await.result(new PlanApplier(connection)
                .start(PlannedInstall.read(Manifests.plan(required(settings(), true))), options, listener).result());

        Step step = result.steps().get(0);
        assertThat(step.status()).isEqualTo(StepStatus.FAILED);
        assertThat(step.message()).startsWith("discovery of v1 failed: connection refused").contains("gave up after 4 attempts");
        assertThat(result.status().phase()).isEqualTo(InstallPlanPhase.FAILED);
        connection.close();
    }
}
