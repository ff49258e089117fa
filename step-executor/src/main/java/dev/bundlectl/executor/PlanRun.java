package dev.bundlectl.executor;

import dev.bundlectl.bundle.kinds.GroupKind;
import dev.bundlectl.executor.apply.ApplySettings;
import dev.bundlectl.executor.apply.RemovalGate;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.executor.apply.DeleteResult;
import dev.bundlectl.executor.apply.PreflightFinding;
import dev.bundlectl.executor.ownership.OwnerListing;
import dev.bundlectl.executor.apply.Durations;
import dev.bundlectl.executor.apply.RunEnvironment;
import dev.bundlectl.executor.apply.StepOutcome;
import dev.bundlectl.executor.apply.StepApplier;
import dev.bundlectl.cluster.discovery.Discovery;
import dev.bundlectl.cluster.discovery.DiscoveryRetries;
import dev.bundlectl.cluster.kube.KubeApi;
import dev.bundlectl.executor.records.AppliedState;
import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.model.InstallPlanPhase;
import dev.bundlectl.plan.model.PlanCondition;
import dev.bundlectl.plan.model.Step;
import dev.bundlectl.plan.model.StepAction;
import dev.bundlectl.plan.model.StepStatus;
import dev.bundlectl.plan.payload.InstallHistory;
import dev.bundlectl.plan.planned.PlannedInstall;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * One execution of a plan, in small phases composed as futures:
 * <ol>
 *   <li>preflight: every manifest is checked before anything is sent;
 *   <li>the steps, in the plan's {@link StepSchedule}: a bundle's CSV and CRDs first, then
 *       the rest (staged by install level during a first install); a release payload in its run
 *       graph's order;
 *   <li>the result: phase, condition, timestamps.
 * </ol>
 * Steps never started stay {@code Unknown}. Everything runs on one Vert.x context.
 */
final class PlanRun implements StepStarter {

    private static final String CONDITION_INSTALLED = "Installed";
    /** The {@code Installed} condition's reason when an upgrade's new version did not run. */
    static final String NOT_RUNNING_REASON = "NewVersionNotRunning";

    private final PlannedInstall planned;
    private final InstallPlan plan;
    private final ApplySettings options;
    private final Context context;
    private final KubeApi api;
    private final Discovery discovery;
    private final StepTracker tracker;
    private final PlanPreflight preflight;
    private final Map<Integer, String> failures = new LinkedHashMap<>();
    private final Map<Integer, PreflightFinding> found;
    private final Map<Integer, OwnerListing> listings;
    private final Set<Integer> deletionsRequested;
    private final Set<Integer> unavailable;
    private final Map<Integer, String> forbidden;
    private final Instant startTime;
    private RunEnvironment env;
    /** What the removal gate answered, once asked; null before. */
    private RemovalGate.Answer gateAnswer;
    private StepApplier runner;

    PlanRun(PlannedInstall planned, ApplySettings options, Context context, KubeApi api, Discovery discovery,
            Consumer<StepEvent> listener, Map<Integer, CreatedIdentity> created, Map<Integer, AppliedState> applied,
            Set<Integer> existing, Map<Integer, PreflightFinding> found, Map<Integer, OwnerListing> listings,
            Set<Integer> deletionsRequested,
            Set<Integer> unavailable, Map<Integer, String> forbidden, Observations observations) {
        this.planned = planned;
        this.plan = planned.plan();
        this.options = options;
        this.context = context;
        this.api = api;
        this.discovery = discovery;
        this.tracker = new StepTracker(plan.steps(), options.clock(), listener, created, applied, existing,
                observations);
        this.found = found;
        this.listings = listings;
        this.deletionsRequested = deletionsRequested;
        this.unavailable = unavailable;
        this.forbidden = forbidden;
        this.preflight = new PlanPreflight();
        this.startTime = options.clock().instant();
    }

    /** Runs the plan; the future completes with the final plan and never fails for a step's sake. */
    Future<InstallPlan> run() {
        List<Integer> runnable = runnableSteps();
        // An upgrade's delete steps run after every other step, and only if none failed.
        List<Integer> removalSteps = runnable.stream()
                .filter(index -> tracker.step(index).action() == StepAction.DELETE).toList();
        List<Integer> applied = runnable.stream().filter(index -> !removalSteps.contains(index)).toList();
        preflight.check(planned.steps(), runnable);
        if (!preflight.problems().isEmpty()) {
            preflight.problems().forEach((index, problem) -> fail(index, problem));
            return Future.succeededFuture(result("InstallCheckFailed", List.of()));
        }
        Map<GroupKind, Integer> crdStepByKind = crdStepsByKind(runnable);
        startEnvironment(crdStepByKind);
        ServedKinds servedKinds = new ServedKinds(tracker, crdStepByKind, env);
        InstallHistory phase = options.firstInstall() ? InstallHistory.FIRST_INSTALL : InstallHistory.UPDATE;
        RemovalStage removals = new RemovalStage(options.concurrency());
        StepSchedule schedule = planned.payload()
                ? new PayloadSchedule(planned.payloadOrder().graphFor(options.firstInstall()), applied, this,
                        servedKinds, options.concurrency(), tracker)
                : new BundleSchedule(applied,
                        index -> StepApplier.isFoundation(tracker.step(index).resource()),
                        index -> tracker.step(index).resource().groupKind().isCsv(), preflight::model, this,
                        servedKinds, options.concurrency(), phase);
        return schedule.run()
                .compose(done -> beforeRemovals(removalSteps, runnable))
                .compose(answer -> {
                    gateAnswer = answer;
                    if (answer instanceof RemovalGate.Answer.Closed closed) {
                        removalSteps.forEach(index -> skip(index, "not deleted: " + closed.why()));
                        return Future.succeededFuture();
                    }
                    if (answer instanceof RemovalGate.Answer.Deferred deferred) {
                        removalSteps.forEach(index -> skip(index, "kept for now: " + deferred.why()));
                        return Future.succeededFuture();
                    }
                    if (!removalSteps.isEmpty() && answer.condition() != null) {
                        // The wait may outlast the install's deadline: the removals get a deadline of their own.
                        startEnvironment(crdStepByKind);
                    }
                    return removals.run(removalSteps, this);
                })
                .map(done -> result("InstallComponentFailed", runnable));
    }

    /** The environment the steps run in, with a deadline of {@link ApplySettings#timeout()} from now. */
    private void startEnvironment(Map<GroupKind, Integer> crdStepByKind) {
        long deadline = options.scheduler().nanoTime() + options.timeout().toNanos();
        // Discovery for the steps retries until the execution's own deadline, on its scheduler.
        env = new RunEnvironment(context, api, discovery.retrying(new DiscoveryRetries(options.scheduler(),
                options.backoff(), options.timeout(), deadline)),
                options, deadline, crdStepByKind.keySet());
        runner = new StepApplier(env);
    }

    /**
     * What an upgrade's removals wait for (the new version running), asked only when they would
     * run: not in a dry run, not after a failure, not without removals.
     */
    private Future<RemovalGate.Answer> beforeRemovals(List<Integer> removalSteps, List<Integer> runnable) {
        if (removalSteps.isEmpty() || anyFailed() || !withinDeadline() || options.dryRunServer()) {
            return Future.succeededFuture(new RemovalGate.Answer.Open(null));
        }
        Promise<RemovalGate.Answer> answered = Promise.promise();
        // The gate waits on its own context; the run goes on on its own, where its state lives.
        options.removalGate().beforeRemovals(result("InstallComponentFailed", runnable))
                .otherwise(error -> new RemovalGate.Answer.Closed(null, "waiting for the new version failed: "
                        + error.getMessage()))
                .onComplete(answer -> context.runOnContext(back -> answered.handle(answer)));
        return answered.future();
    }

    /** Steps to send, reset to Unknown so that the result reflects this run only. */
    private List<Integer> runnableSteps() {
        List<Integer> runnable = new ArrayList<>();
        for (int index = 0; index < tracker.size(); index++) {
            Step step = tracker.step(index);
            // A Keep step reports an object an upgrade leaves alone; there is nothing to send. Nor is
            // there for an object the planner found Present and uses as it is (an OperatorGroup of
            // the namespace's own): an upgrade's Present steps carry an action and are still sent.
            if (!step.status().isNeverSent() && step.action() != StepAction.KEEP
                    && !(step.status() == StepStatus.PRESENT && step.action() == null)) {
                tracker.reset(index, StepStatus.UNKNOWN);
                runnable.add(index);
            }
        }
        return runnable;
    }

    @Override
    public Future<Boolean> launch(int index) {
        Step step = tracker.step(index);
        // A dry run never leaves a request out; ServerSideApply and ApplyAction, which decide, say so.
        return runner.run(step, preflight.manifest(index), tracker.reporterFor(index), found.get(index),
                        listings.get(index))
                .map(outcome -> {
                    if (outcome instanceof StepOutcome.Applied applied) {
                        if (applied.deleteResult() == DeleteResult.REQUESTED) {
                            deletionsRequested.add(index);
                        }
                        tracker.finish(index, applied.status(), applied.message());
                        return true;
                    }
                    StepOutcome.Failed failed = (StepOutcome.Failed) outcome;
                    if (failed.unavailable()) {
                        unavailable.add(index);
                    }
                    if (failed.forbidden() != null) {
                        forbidden.put(index, failed.forbidden());
                    }
                    fail(index, outcome.message());
                    return false;
                });
    }

    @Override
    public boolean withinDeadline() {
        return env.now() < env.deadlineNanos();
    }

    @Override
    public boolean anyFailed() {
        return !failures.isEmpty();
    }

    @Override
    public void skip(int index, String reason) {
        tracker.skip(index, reason);
    }

    private void fail(int index, String message) {
        tracker.finish(index, StepStatus.FAILED, message);
        failures.put(index, tracker.step(index).resource().displayName() + ": " + message);
    }

    /** {@code group/Kind} to the index of the CRD step that defines it. */
    private Map<GroupKind, Integer> crdStepsByKind(List<Integer> runnable) {
        Map<GroupKind, Integer> byKind = new HashMap<>();
        for (int index : runnable) {
            if (StepApplier.isCrd(tracker.step(index).resource())) {
                ObjectNode crd = preflight.manifest(index);
                byKind.put(new GroupKind(crd.path("spec").path("group").asText(),
                        crd.path("spec").path("names").path("kind").asText()), index);
            }
        }
        return byKind;
    }

    private InstallPlan result(String failureReason, List<Integer> runnable) {
        Instant now = options.clock().instant();
        String time = rfc3339(now);
        List<String> problems = new ArrayList<>(failures.values());
        long notStarted = runnable.stream().filter(i -> tracker.step(i).status() == StepStatus.UNKNOWN
                && tracker.step(i).message() == null).count();
        if (failures.isEmpty() && notStarted > 0) {
            problems.add("the install did not finish within " + Durations.format(options.timeout()) + ": " + notStarted
                    + (notStarted == 1 ? " step was" : " steps were") + " not started");
        }
        String reason = failureReason;
        if (gateAnswer instanceof RemovalGate.Answer.Closed closed) {
            problems.add(closed.why());
            reason = NOT_RUNNING_REASON;
        }
        boolean failed = !problems.isEmpty();
        String message = failed ? failureMessage(problems) : summary();
        PlanCondition installed = failed
                ? new PlanCondition(CONDITION_INSTALLED, "False", reason, message, time)
                : new PlanCondition(CONDITION_INSTALLED, "True", null, null, time);
        InstallPlan.Status before = plan.status();
        InstallPlan.Status after = new InstallPlan.Status(failed ? InstallPlanPhase.FAILED : InstallPlanPhase.COMPLETE,
                conditions(installed, before.conditions()), tracker.steps(), rfc3339(startTime), time, message,
                before.capabilities(), before.dependencies());
        return gateAnswer != null && gateAnswer.condition() != null
                ? plan.withStatus(after).withCondition(gateAnswer.condition()) : plan.withStatus(after);
    }

    /** {@code Installed} first, then the plan's other conditions (such as implicitly enabled capabilities). */
    private static List<PlanCondition> conditions(PlanCondition installed, List<PlanCondition> before) {
        List<PlanCondition> conditions = new ArrayList<>();
        conditions.add(installed);
        before.stream().filter(condition -> !CONDITION_INSTALLED.equals(condition.type())).forEach(conditions::add);
        return conditions;
    }

    private static String failureMessage(List<String> problems) {
        String first = problems.get(0);
        return problems.size() == 1 ? first : first + " (and " + (problems.size() - 1) + " more failed steps)";
    }

    private String summary() {
        Map<StepStatus, Integer> counts = new EnumMap<>(StepStatus.class);
        tracker.steps().forEach(step -> counts.merge(step.status(), 1, Integer::sum));
        List<String> parts = new ArrayList<>();
        counts.forEach((status, count) -> parts.add(count + " " + status.wireName()));
        return String.join(", ", parts);
    }

    private static String rfc3339(Instant instant) {
        return instant.truncatedTo(ChronoUnit.SECONDS).toString();
    }
}
