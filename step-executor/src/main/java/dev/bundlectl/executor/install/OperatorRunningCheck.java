package dev.bundlectl.executor.install;

import dev.bundlectl.cluster.kube.KubeApi;
import dev.bundlectl.plan.RenderedDeployments;
import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.model.PlanCondition;
import dev.bundlectl.plan.model.Step;
import dev.bundlectl.cluster.time.Scheduler;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.time.Duration;
import java.time.Clock;
import java.util.List;
import java.util.Optional;

/**
 * One look at whether an installed plan's operator runs, for a caller that comes back later
 * rather than waiting (the controller's level-based reconcile): in OLM mode OLM's phase of the
 * CSV, in render mode the Available condition of the Deployments rendered from it. The answer is
 * the {@link OperatorRunning} condition: {@code True}, {@code False} when OLM reports
 * {@code Failed}, {@code Unknown} while it is on its way.
 */
public final class OperatorRunningCheck {

    private final KubeApi api;
    private final DeploymentWait deployments;
    private final Clock clock;

    /** Checks through {@code api}, on {@code vertx}'s context, stamping conditions with {@code clock}. */
    public OperatorRunningCheck(Vertx vertx, KubeApi api, Clock clock) {
        this.api = api;
        this.deployments = new DeploymentWait(vertx, api, Scheduler.system(), Duration.ofSeconds(1));
        this.clock = clock;
    }

    /** The condition for {@code plan} now; empty when the plan runs nothing (no CSV, no Deployment). */
    public Future<Optional<PlanCondition>> check(InstallPlan plan) {
        Optional<Step> csv = OperatorRunning.csvStep(plan);
        if (csv.isPresent()) {
            String now = clock.instant().toString();
            return api.get(CsvWait.CLUSTER_SERVICE_VERSIONS, csv.get().resource().namespace(),
                            csv.get().resource().name())
                    .map(object -> Optional.of(condition(CsvPhase.of(object), now)))
                    .recover(failure -> Future.succeededFuture(Optional.of(new PlanCondition(OperatorRunning.TYPE,
                            "Unknown", "CsvUnreadable", failure.getMessage(), now))));
        }
        List<Step> rendered = RenderedDeployments.of(plan);
        if (rendered.isEmpty()) {
            return Future.succeededFuture(Optional.empty());
        }
        // A zero timeout is one read of each Deployment: this check never waits.
        return deployments.await(rendered, Duration.ZERO, ready -> { })
                .map(ready -> Optional.of(deploymentsCondition(ready, clock.instant().toString())));
    }

    private static PlanCondition condition(CsvPhase phase, String now) {
        String reason = phase.reason().isEmpty() ? "NoStatusYet" : phase.reason();
        if (phase.succeeded()) {
            return new PlanCondition(OperatorRunning.TYPE, "True", reason, phase.line(), now);
        }
        String message = phase.unmet().isEmpty() ? phase.line() : phase.line() + "; " + String.join("; ", phase.unmet());
        return new PlanCondition(OperatorRunning.TYPE, phase.failed() ? "False" : "Unknown", reason, message, now);
    }

    private static PlanCondition deploymentsCondition(List<DeploymentReadiness> readiness, String now) {
        long available = readiness.stream().filter(DeploymentReadiness::available).count();
        String message = available + " of " + readiness.size() + " Deployment(s) Available";
        return available == readiness.size()
                ? new PlanCondition(OperatorRunning.TYPE, "True", "DeploymentsAvailable", message, now)
                : new PlanCondition(OperatorRunning.TYPE, "Unknown", "DeploymentsNotAvailable", message, now);
    }
}
