package dev.bundlectl.executor.install;

import dev.bundlectl.executor.apply.RemovalGate;
import dev.bundlectl.cluster.kube.ApiException;
import dev.bundlectl.cluster.kube.KubeApi;
import dev.bundlectl.cluster.time.Scheduler;
import dev.bundlectl.plan.RenderedDeployments;
import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.model.PlanCondition;
import dev.bundlectl.plan.model.Step;
import dev.bundlectl.plan.upgrade.UpgradeSteps;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Whether the version an install applied runs, waited for (docs/semantics.md §9 and §6): in OLM
 * mode until OLM reports its CSV {@code Succeeded} and, for an upgrade, has removed the CSV it
 * replaced; in render mode until every Deployment rendered from the CSV has rolled out and is
 * Available. It is the gate an upgrade's removals wait behind ({@link RemovalGate}), and what
 * {@code install --wait} waits for; its answer carries the {@code OperatorRunning} condition.
 *
 * <p>With a zero timeout it takes one look instead of waiting (an install without {@code --wait},
 * the controller's reconcile): a version not running yet then defers the removals
 * ({@link Answer.Deferred}) rather than failing the install.
 */
public final class NewVersionRunning implements RemovalGate {

    private final Vertx vertx;
    private final KubeApi api;
    private final Scheduler scheduler;
    private final Duration pollInterval;
    private final Duration timeout;
    private final Clock clock;
    private final Consumer<String> progress;
    /** Where a wait's progress goes: {@link #progress}, or nowhere for a single look. */
    private final Consumer<String> waiting;

    /**
     * @param vertx whose context the polls run on
     * @param api the cluster
     * @param scheduler the time source and timer
     * @param pollInterval how long to wait between reads
     * @param timeout how long to wait in all; zero for one look
     * @param clock stamps the condition
     * @param progress told (on a Vert.x thread) each line worth showing as the wait goes: OLM's
     *     phases as they change, a Deployment becoming Available, the replaced CSV gone
     */
    public NewVersionRunning(Vertx vertx, KubeApi api, Scheduler scheduler, Duration pollInterval, Duration timeout,
            Clock clock, Consumer<String> progress) {
        this.vertx = vertx;
        this.api = api;
        this.scheduler = scheduler;
        this.pollInterval = pollInterval;
        this.timeout = timeout;
        this.clock = clock;
        this.progress = progress;
        this.waiting = timeout.isZero() ? line -> { } : progress;
    }

    @Override
    public Future<Answer> beforeRemovals(InstallPlan applied) {
        return await(applied);
    }

    /**
     * Waits for the plan's operator to run. An answer of {@link Answer.Open} with a null condition
     * means the plan runs nothing to wait for (no CSV, no rendered Deployment).
     */
    public Future<Answer> await(InstallPlan applied) {
        long deadline = scheduler.nanoTime() + timeout.toNanos();
        Optional<Step> csv = OperatorRunning.csvStep(applied);
        if (csv.isPresent()) {
            String namespace = csv.get().resource().namespace();
            String name = csv.get().resource().name();
            Optional<String> replaced = replacedCsv(applied, name);
            waiting.accept("waiting up to " + timeout.toSeconds() + "s for OLM to report ClusterServiceVersion "
                    + namespace + "/" + name + " Succeeded" + replaced.map(old -> " and to remove " + old).orElse(""));
            return new CsvWait(vertx, api, scheduler, pollInterval)
                    .await(namespace, name, timeout, phase -> waiting.accept("OLM: " + phase.line()))
                    .compose(outcome -> {
                        PlanCondition condition = OperatorRunning.condition(outcome, clock.instant());
                        if (!outcome.running()) {
                            return Future.succeededFuture(notRunning(condition, whyNotRunning(name, outcome)));
                        }
                        if (replaced.isEmpty()) {
                            return Future.succeededFuture(new Answer.Open(condition));
                        }
                        return gone(namespace, replaced.get(), deadline).map(gone -> gone
                                ? new Answer.Open(new PlanCondition(condition.type(), condition.status(),
                                        condition.reason(), condition.message() + "; OLM removed " + replaced.get(),
                                        condition.lastTransitionTime()))
                                : notRunning(condition, "OLM reports " + name + " Succeeded, but has not removed "
                                        + replaced.get() + within()));
                    });
        }
        List<Step> deployments = RenderedDeployments.of(applied);
        if (deployments.isEmpty()) {
            return Future.succeededFuture(new Answer.Open(null));
        }
        waiting.accept("waiting up to " + timeout.toSeconds() + "s for " + deployments.size()
                + " Deployment(s) to roll out and become Available");
        return new DeploymentWait(vertx, api, scheduler, pollInterval)
                .await(deployments, timeout, ready -> waiting.accept(ready.line()))
                .map(ready -> {
                    long available = ready.stream().filter(DeploymentReadiness::available).count();
                    String message = available + " of " + ready.size() + " Deployment(s) Available";
                    String now = clock.instant().toString();
                    if (available == ready.size()) {
                        return new Answer.Open(new PlanCondition(OperatorRunning.TYPE, "True", "DeploymentsAvailable",
                                message, now));
                    }
                    return notRunning(new PlanCondition(OperatorRunning.TYPE, waits() ? "False" : "Unknown",
                            "DeploymentsNotAvailable", message + within(), now),
                            "the new version is not running: " + message + within());
                });
    }

    /** Whether this waits, rather than looking once. */
    private boolean waits() {
        return !timeout.isZero();
    }

    private String within() {
        return waits() ? " within " + timeout.toSeconds() + "s" : " yet";
    }

    /** A wait that ran out fails the install; a look that found the version not running yet defers. */
    private Answer notRunning(PlanCondition condition, String why) {
        return waits() ? new Answer.Closed(condition, why) : new Answer.Deferred(condition, why
                + "; installing this version again once it runs (or with --wait) removes what only the old one had");
    }

    /** The CSV an upgrade replaces, when the plan is one and names another CSV. */
    private static Optional<String> replacedCsv(InstallPlan plan, String newCsv) {
        String from = plan.metadata().annotations().get(UpgradeSteps.UPGRADE_FROM_ANNOTATION);
        return from == null || from.equals(newCsv) ? Optional.empty() : Optional.of(from);
    }

    private String whyNotRunning(String name, CsvWaitOutcome outcome) {
        if (outcome instanceof CsvWaitOutcome.Unreadable unreadable) {
            return "cannot read ClusterServiceVersion " + name + ": " + unreadable.error();
        }
        if (outcome.last().phase().isEmpty()) {
            return "the new version is not running: OLM has not reported on " + name + " yet";
        }
        String unmet = outcome.last().unmet().isEmpty() ? "" : " (" + String.join("; ", outcome.last().unmet()) + ")";
        return "the new version is not running: OLM reports " + name + " " + outcome.last().line() + unmet
                + (outcome instanceof CsvWaitOutcome.TimedOut && waits() ? " after " + outcome.waited().toSeconds() + "s"
                        : "");
    }

    /** True once the CSV is gone (a 404); false at the deadline. */
    private Future<Boolean> gone(String namespace, String name, long deadline) {
        Context context = vertx.getOrCreateContext();
        Promise<Boolean> done = Promise.promise();
        context.runOnContext(start -> pollGone(context, namespace, name, deadline, null, done));
        return done.future();
    }

    /** One read of the replaced CSV; its phase is reported as OLM moves it (Replacing, Deleting), each change once. */
    private void pollGone(Context context, String namespace, String name, long deadline, CsvPhase last,
            Promise<Boolean> done) {
        api.get(CsvWait.CLUSTER_SERVICE_VERSIONS, namespace, name).onComplete(answer -> {
            if (answer.failed() && ApiException.isHttp(answer.cause(), 404)) {
                progress.accept("OLM removed ClusterServiceVersion " + namespace + "/" + name);
                done.complete(true);
                return;
            }
            if (scheduler.nanoTime() + pollInterval.toNanos() > deadline) {
                done.complete(false);
                return;
            }
            CsvPhase seen = answer.succeeded() ? CsvPhase.of(answer.result()) : last;
            if (seen != null && !seen.phase().isEmpty() && seen.differsFrom(last)) {
                progress.accept("OLM: " + name + " " + seen.line());
            }
            scheduler.sleep(context, pollInterval).onComplete(slept -> pollGone(context, namespace, name, deadline,
                    seen, done));
        });
    }
}
