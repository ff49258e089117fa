package dev.bundlectl.executor.uninstall;

import static dev.bundlectl.executor.testing.ScriptedServer.json;
import static dev.bundlectl.executor.testing.ScriptedServer.reset;
import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.cluster.connect.ClusterConnection;
import dev.bundlectl.cluster.kube.KubeApi;
import dev.bundlectl.executor.records.CreatedObject;
import dev.bundlectl.executor.records.InstallRecord;
import dev.bundlectl.executor.records.InstallRecordStore;
import dev.bundlectl.executor.records.ObjectRef;
import dev.bundlectl.executor.records.TestPlans;
import dev.bundlectl.cluster.retry.RetryPolicy;
import dev.bundlectl.executor.testing.Await;
import dev.bundlectl.executor.testing.ScriptedServer;
import dev.bundlectl.executor.testing.VirtualScheduler;
import dev.bundlectl.plan.model.InstallPlanPhase;
import dev.bundlectl.plan.model.StepStatus;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Uninstall's requests meet transport faults and get through under the one retry policy. */
class UninstallRetryTest {

    private static final String CONFIGMAP = "/api/v1/namespaces/ns1/configmaps/settings";

    private ScriptedServer server;
    private VirtualScheduler scheduler;
    private Uninstaller uninstaller;

    @BeforeEach
    void start() {
        server = ScriptedServer.start();
        scheduler = new VirtualScheduler();
        ClusterConnection connection = server.connect(Duration.ofSeconds(5));
        KubeApi api = connection.api(RetryPolicy.of(Duration.ofMillis(250), Duration.ofSeconds(10), 0, scheduler,
                Duration.ofMinutes(1)));
        uninstaller = new Uninstaller(api, connection.vertx(), connection.discovery(), new InstallRecordStore(api));
        server.always("GET", "/api/v1/namespaces/ns1/secrets",
                json(200, "{\"kind\":\"SecretList\",\"apiVersion\":\"v1\",\"metadata\":{},\"items\":[]}"));
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void aDeleteWhoseConnectionIsResetIsSentAgainAndTheObjectIsDeleted() {
        ObjectRef settings = new ObjectRef("", "v1", "ConfigMap", "ns1", "settings");
        InstallRecord record = InstallRecord.fromPlan(TestPlans.plan("ns1",
                        List.of(TestPlans.step("", "v1", "ConfigMap", "ns1", "settings", StepStatus.CREATED)),
                        InstallPlanPhase.COMPLETE),
                TestPlans.origin("ns1", Instant.parse("2025-03-01T10:00:00Z")),
                List.of(new CreatedObject(settings, "configmaps", "uid-1", "5", null)), List.of());
        server.always("GET", CONFIGMAP, json(200, "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":"
                + "{\"name\":\"settings\",\"namespace\":\"ns1\",\"uid\":\"uid-1\",\"resourceVersion\":\"5\"}}"));
        server.on("DELETE", CONFIGMAP, reset(),
                json(200, "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"status\":\"Success\"}"));

        UninstallReport report = Await.result(uninstaller.uninstall(record, UninstallOptions.defaults(), r -> { }));

        assertThat(report.results()).extracting(DeletionResult::line).containsExactly("Deleted ConfigMap/ns1/settings");
        assertThat(server.count("DELETE", CONFIGMAP)).isEqualTo(2);
        assertThat(scheduler.sleeps()).containsExactly(Duration.ofMillis(250));
        assertThat(report.succeeded()).isTrue();
    }

    @Test
    void anObjectThatChangedBetweenItsReadAndItsDeleteIsReadAgainAndDeleted() {
        // OLM updates an OperatorGroup while the CSVs it serves are deleted: the DELETE on the
        // resourceVersion read is refused (409), and the object is decided again as it is now.
        ObjectRef settings = new ObjectRef("", "v1", "ConfigMap", "ns1", "settings");
        InstallRecord record = InstallRecord.fromPlan(TestPlans.plan("ns1",
                        List.of(TestPlans.step("", "v1", "ConfigMap", "ns1", "settings", StepStatus.CREATED)),
                        InstallPlanPhase.COMPLETE),
                TestPlans.origin("ns1", Instant.parse("2025-03-01T10:00:00Z")),
                List.of(new CreatedObject(settings, "configmaps", "uid-1", "5", null)), List.of());
        server.on("GET", CONFIGMAP, json(200, "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":"
                        + "{\"name\":\"settings\",\"namespace\":\"ns1\",\"uid\":\"uid-1\",\"resourceVersion\":\"5\"}}"),
                json(200, "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":"
                        + "{\"name\":\"settings\",\"namespace\":\"ns1\",\"uid\":\"uid-1\",\"resourceVersion\":\"6\"}}"));
        server.on("DELETE", CONFIGMAP,
                json(409, "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"status\":\"Failure\",\"reason\":\"Conflict\","
                        + "\"code\":409,\"message\":\"the ResourceVersion in the precondition (5) does not match\"}"),
                json(200, "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"status\":\"Success\"}"));

        UninstallReport report = Await.result(uninstaller.uninstall(record, UninstallOptions.defaults(), r -> { }));

        assertThat(report.results()).extracting(DeletionResult::line).containsExactly("Deleted ConfigMap/ns1/settings");
        assertThat(server.count("GET", CONFIGMAP)).isEqualTo(2);
        assertThat(server.count("DELETE", CONFIGMAP)).isEqualTo(2);
        assertThat(report.succeeded()).isTrue();
    }
}
