package dev.bundlectl.executor;

import dev.bundlectl.plan.planned.PlannedInstall;
import dev.bundlectl.executor.apply.ApplySettings;
import static dev.bundlectl.executor.testing.Manifests.configMap;
import static dev.bundlectl.executor.testing.Manifests.required;
import static dev.bundlectl.executor.testing.Manifests.service;
import static dev.bundlectl.executor.testing.Manifests.serviceAccount;
import static dev.bundlectl.executor.testing.ScriptedServer.json;
import static dev.bundlectl.executor.testing.ScriptedServer.status;
import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.executor.testing.Await;
import dev.bundlectl.executor.testing.Manifests;
import dev.bundlectl.executor.testing.RecordingListener;
import dev.bundlectl.executor.testing.ScriptedServer;
import dev.bundlectl.executor.testing.VirtualScheduler;
import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.model.InstallPlanPhase;
import dev.bundlectl.plan.model.PlanCondition;
import dev.bundlectl.plan.model.StepStatus;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/** A required step fails while another is in flight: the one in flight finishes, no new one starts. */
class RequiredFailureTest {

    @Test
    void stepsInFlightFinishAndUnstartedStepsStayUnknown() {
        try (ScriptedServer server = ScriptedServer.start()) {
            CompletableFuture<Void> release = new CompletableFuture<>();
            server.on("PATCH", "/api/v1/namespaces/operators/serviceaccounts/demo",
                    status(403, "Forbidden", "serviceaccounts is forbidden: User \"dev\" cannot create"));
            server.on("PATCH", "/api/v1/namespaces/operators/configmaps/slow",
                    new ScriptedServer.Held(release, json(201, Manifests.write(configMap("slow", Map.of())))));
            RecordingListener recorder = new RecordingListener();
            // Let the slow step answer only once the failure is known.
            Consumer<StepEvent> listener = recorder.andThen(event -> {
                if (event.status() == StepStatus.FAILED) {
                    release.complete(null);
                }
            });
            ApplySettings options = ApplySettings.builder().concurrency(2).scheduler(new VirtualScheduler())
                    .build();

            InstallPlan result = Await.result(new PlanApplier(server.connect(Duration.ofSeconds(5))).start(PlannedInstall.read(
                    Manifests.plan(required(serviceAccount("demo"), true), required(configMap("slow", Map.of()), true),
                            required(service("demo"), true), required(configMap("later", Map.of()), true))),
                    options, listener).result());

            assertThat(result.steps()).extracting(step -> step.status()).containsExactly(StepStatus.FAILED,
                    StepStatus.CREATED, StepStatus.UNKNOWN, StepStatus.UNKNOWN);
            assertThat(result.steps().get(0).message())
                    .isEqualTo("apply failed: 403 Forbidden: serviceaccounts is forbidden: User \"dev\" cannot create");
            assertThat(server.count("PATCH", "/api/v1/namespaces/operators/services/demo")).isZero();
            assertThat(server.count("PATCH", "/api/v1/namespaces/operators/configmaps/slow")).isEqualTo(1);
            assertThat(server.count("PATCH", "/api/v1/namespaces/operators/configmaps/later")).isZero();
            assertThat(result.status().phase()).isEqualTo(InstallPlanPhase.FAILED);
            PlanCondition installed = result.status().conditions().get(0);
            assertThat(installed.type()).isEqualTo("Installed");
            assertThat(installed.status()).isEqualTo("False");
            assertThat(installed.reason()).isEqualTo("InstallComponentFailed");
            assertThat(installed.message()).isEqualTo("ServiceAccount/operators/demo: apply failed: 403 Forbidden: "
                    + "serviceaccounts is forbidden: User \"dev\" cannot create");
            assertThat(result.status().message()).isEqualTo(installed.message());
        }
    }
}
