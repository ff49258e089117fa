package dev.bundlectl.executor.pipeline;

import dev.bundlectl.cluster.connect.ClusterConnection;
import dev.bundlectl.cluster.time.Scheduler;
import dev.bundlectl.executor.apply.ApplySettings;
import dev.bundlectl.executor.apply.RemovalGate;
import dev.bundlectl.executor.install.InstallOutcome;
import dev.bundlectl.executor.install.InstallRejectedException;
import dev.bundlectl.executor.install.InstallRequest;
import dev.bundlectl.executor.install.InstallSession;
import dev.bundlectl.executor.install.NewVersionRunning;
import dev.bundlectl.executor.install.OperatorRunning;
import dev.bundlectl.executor.install.OwnershipPlan;
import dev.bundlectl.executor.install.ServerPreflight;
import dev.bundlectl.executor.lock.LockState;
import dev.bundlectl.executor.planning.ClusterPlanning;
import dev.bundlectl.executor.planning.ClusterReading;
import dev.bundlectl.executor.planning.UpgradeOutcome;
import dev.bundlectl.executor.records.InstallRecordStore;
import dev.bundlectl.plan.PlanResult;
import dev.bundlectl.plan.PlanVerdict;
import dev.bundlectl.plan.crdsafety.CrdSafetyPolicy;
import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.model.InstallPlanPhase;
import dev.bundlectl.plan.olm.ServedElsewhere;
import dev.bundlectl.plan.planned.PlannedInstall;
import io.vertx.core.Future;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * The one order in which a bundle is installed, shared by {@code bundlectl install} and the
 * controller, so that neither orders it its own way:
 * <ol>
 *   <li>{@link #plan}: the cluster is read once and the bundle planned against it
 *       ({@link ClusterPlanning}); a refused reading or a plan with errors stops here; then the
 *       upgrade is decided from the same reading ({@link UpgradeOutcome}).</li>
 *   <li>{@link #install}: a lock another operation held when planning read it stops the install
 *       before anything is sent (unless it is a dry run); so, when asked, do a plan whose operator
 *       another namespace serves and a plan predicted to fail; then the {@link InstallSession}
 *       checks access, runs the preflight, takes the lock, applies and records; a lock lost since
 *       planning, missing rights and a refused preflight are told apart; and a complete install
 *       waits, when asked, until the new version runs ({@link NewVersionRunning}), the same wait an
 *       upgrade's removals stand behind.</li>
 * </ol>
 * Between the two the caller does what is its own (the command line reports notes and
 * diagnostics; the controller asks for approval). Nothing here prints or blocks: every answer is a
 * future, completed on a Vert.x thread, and progress goes to a {@link PipelineListener}.
 */
public final class InstallPipeline {

    private final ClusterConnection connection;
    private final ClusterPlanning planning;

    /** A pipeline whose every request goes through {@code connection} (and so acts as its identity). */
    public InstallPipeline(ClusterConnection connection) {
        this.connection = Objects.requireNonNull(connection, "connection");
        this.planning = new ClusterPlanning(connection);
    }

    /** The planning facade this pipeline plans with, for the readings a caller makes beside it. */
    public ClusterPlanning planning() {
        return planning;
    }

    /**
     * Reads the cluster, plans, and decides the upgrade.
     *
     * @param settings what is planned, and against what
     * @param planner makes the plan from what was read; runs once, on a worker thread, and only when
     *     the reading was not refused
     * @return how planning ended; fails when the cluster cannot be read
     */
    public Future<PipelinePlan> plan(PlanSettings settings, Function<ClusterReading, PlanResult> planner) {
        return planning.plan(settings.target(), settings.manifests(), settings.capabilities(), settings.surface(),
                        settings.discoveryPatience(), planner)
                .compose(answer -> {
                    ClusterReading reading = answer.reading();
                    if (answer.result().isEmpty()) {
                        return Future.succeededFuture(new PipelinePlan.Unreadable(reading));
                    }
                    PlanResult result = answer.result().get();
                    if (result.diagnostics().hasErrors()) {
                        // An upgrade is decided only for a plan that could be installed.
                        return Future.succeededFuture(new PipelinePlan.Invalid(reading, result));
                    }
                    return planning.upgrade(result, reading.previous(), settings.target(), settings.force())
                            .compose(upgrade -> planned(reading, result, upgrade, settings.crdSafety()));
                });
    }

    private Future<PipelinePlan> planned(ClusterReading reading, PlanResult result, UpgradeOutcome upgrade,
            CrdSafetyPolicy policy) {
        if (upgrade instanceof UpgradeOutcome.Refused refused) {
            return Future.succeededFuture(new PipelinePlan.UpgradeRefused(reading, result, refused.decision()));
        }
        if (upgrade instanceof UpgradeOutcome.RollbackRefused refused) {
            return Future.succeededFuture(new PipelinePlan.RollbackRefused(reading, refused.result(),
                    refused.refusal(), refused.warnings(), refused.reason()));
        }
        return crdSafety(reading, (UpgradeOutcome.Planned) upgrade, policy);
    }

    /**
     * The plan with what its CRD updates would break (docs/semantics.md §9): warnings and the
     * plan's condition, or, when the policy refuses such updates, the plan refused.
     */
    private Future<PipelinePlan> crdSafety(ClusterReading reading, UpgradeOutcome.Planned upgrade,
            CrdSafetyPolicy policy) {
        return planning.crdSafety(upgrade.result(), reading.previous(), policy).map(checked -> {
            if (checked.refused()) {
                return new PipelinePlan.CrdUpgradeRefused(reading, checked.result(), checked.found());
            }
            List<String> warnings = new ArrayList<>(upgrade.warnings());
            warnings.addAll(checked.lines());
            return new PipelinePlan.Planned(reading, checked.result(), warnings);
        });
    }

    /**
     * Installs a plan that {@link #plan} (or a reviewed plan's check) made, in the order the class
     * comment gives.
     *
     * @param planned the plan, its steps' objects parsed
     * @param reading what planning read: the previous install (which decides the first install and
     *     what the record inherits) and the lock, neither read again
     * @param settings where and how
     * @param listener told of every step event and wait line, on a Vert.x thread
     * @return how the install ended; fails with {@link InstallRejectedException} when it could not
     *     start for a reason the user can fix (a missing namespace), before anything was written
     */
    public Future<PipelineOutcome> install(PlannedInstall planned, ClusterReading reading, InstallSettings settings,
            PipelineListener listener) {
        if (!settings.dryRun() && reading.lock() instanceof LockState.Held held) {
            // Another operation is under way: refused before anything is sent, not after a preflight.
            return Future.succeededFuture(new PipelineOutcome.LockHeld(held));
        }
        InstallPlan plan = planned.plan();
        if (settings.answerVerdictFirst()) {
            Optional<String> servedElsewhere = ServedElsewhere.of(plan);
            if (servedElsewhere.isPresent()) {
                return Future.succeededFuture(new PipelineOutcome.ServedElsewhere(plan, servedElsewhere.get()));
            }
            PlanVerdict verdict = PlanVerdict.of(plan.steps());
            if (!verdict.installable()) {
                return Future.succeededFuture(new PipelineOutcome.PredictedToFail(plan, verdict));
            }
        }
        NewVersionRunning running = runningWait(settings, listener);
        ApplySettings apply = settings.apply().toBuilder().removalGate(running).build();
        InstallRequest request = new InstallRequest(settings.namespace(), settings.createNamespace(),
                settings.packageName(), settings.bundleLabel(), apply, settings.clock().instant(),
                settings.takeOwnership(), settings.lockHolder());
        return new InstallSession(connection, new InstallRecordStore(connection.retryingApi()))
                .run(planned, request, reading.previous(), reading.lock(), listener::step)
                .compose(outcome -> judged(outcome, settings, running));
    }

    /** The session's outcome told apart, and a complete install waited for when asked. */
    private static Future<PipelineOutcome> judged(InstallOutcome outcome, InstallSettings settings,
            NewVersionRunning running) {
        if (outcome.locked()) {
            return Future.succeededFuture(new PipelineOutcome.LockHeld(outcome.lockedOut()));
        }
        boolean dryRun = settings.dryRun();
        // A dry run's missing rights and owners are part of its report, not a refusal.
        if (outcome.forbidden() && !dryRun) {
            return Future.succeededFuture(new PipelineOutcome.Forbidden(outcome));
        }
        InstallPlan plan = outcome.plan();
        boolean preflightRefused = ServerPreflight.refused(plan);
        if (preflightRefused || OwnershipPlan.refused(plan) && !dryRun) {
            return Future.succeededFuture(new PipelineOutcome.PreflightRefused(outcome, !preflightRefused));
        }
        boolean complete = plan.status().phase() == InstallPlanPhase.COMPLETE;
        if (complete && waits(settings) && !runs(plan)) {
            // Nothing was removed, so the gate did not wait: the wait happens now.
            return running.await(plan).map(answer -> new PipelineOutcome.Applied(outcome, Optional.of(answer)));
        }
        return Future.succeededFuture(new PipelineOutcome.Applied(outcome, Optional.empty()));
    }

    /**
     * What a complete install waits for, and what an upgrade's removals stand behind: the new
     * version running, within the wait's timeout when the install waits, else one look.
     */
    private NewVersionRunning runningWait(InstallSettings settings, PipelineListener listener) {
        RunningWait wait = settings.running();
        return new NewVersionRunning(connection.vertx(), connection.retryingApi(), Scheduler.system(),
                wait.pollInterval(), waits(settings) ? wait.timeout() : Duration.ZERO, settings.clock(),
                listener::waiting);
    }

    private static boolean waits(InstallSettings settings) {
        return settings.running().untilRunning() && !settings.dryRun();
    }

    /** Whether the run already saw the new version run (its removals waited for it). */
    private static boolean runs(InstallPlan plan) {
        return plan.condition(OperatorRunning.TYPE).filter(condition -> "True".equals(condition.status())).isPresent();
    }
}
