package dev.bundlectl.executor;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.executor.apply.Durations;
import dev.bundlectl.executor.apply.ExecutionEnvironment;
import dev.bundlectl.executor.apply.StepOutcome;
import dev.bundlectl.executor.apply.StepRunner;
import dev.bundlectl.executor.discovery.Discovery;
import dev.bundlectl.executor.discovery.GroupVersionResources;
import dev.bundlectl.executor.kube.KubeApi;
import dev.bundlectl.plan.InstallPlan;
import dev.bundlectl.plan.InstallPlanPhase;
import dev.bundlectl.plan.PlanCondition;
import dev.bundlectl.plan.Step;
import dev.bundlectl.plan.StepResource;
import dev.bundlectl.plan.StepStatus;
import io.vertx.core.Context;
import io.vertx.core.Future;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * One execution of a plan, in small phases composed as futures:
 * <ol>
 *   <li>preflight: every manifest is checked before anything is sent;
 *   <li>foundation: the CSV and the CRDs, each CRD until Established and NamesAccepted;
 *   <li>discovery refresh for the kinds those CRDs serve;
 *   <li>the other steps, at most {@code concurrency} at once;
 *   <li>the result: phase, condition, timestamps.
 * </ol>
 * Once a step fails, or the deadline passes, no new step starts; steps in flight finish and
 * steps never started stay {@code Unknown}. Everything runs on one Vert.x context.
 */
final class PlanExecution {

    private static final Set<StepStatus> NEVER_SENT = Set.of(StepStatus.NOT_CREATED, StepStatus.UNSUPPORTED_RESOURCE);
    private static final Set<StepStatus> SERVED_CRD = Set.of(StepStatus.CREATED, StepStatus.PRESENT);

    private final InstallPlan plan;
    private final ExecutionOptions options;
    private final Context context;
    private final KubeApi api;
    private final Discovery discovery;
    private final StepTracker tracker;
    private final PlanPreflight preflight;
    private final Map<Integer, String> failures = new LinkedHashMap<>();
    private final Instant startTime;
    private Map<String, Integer> crdStepByKind = Map.of();
    private ExecutionEnvironment env;
    private StepRunner runner;

    PlanExecution(InstallPlan plan, ExecutionOptions options, Context context, KubeApi api, Discovery discovery,
            ObjectMapper json, Consumer<StepEvent> listener) {
        this.plan = plan;
        this.options = options;
        this.context = context;
        this.api = api;
        this.discovery = discovery;
        this.tracker = new StepTracker(plan.steps(), options.clock(), listener);
        this.preflight = new PlanPreflight(json);
        this.startTime = options.clock().instant();
    }

    /** Runs the plan; the future completes with the final plan and never fails for a step's sake. */
    Future<InstallPlan> run() {
        List<Integer> runnable = runnableSteps();
        runnable.forEach(index -> preflight.check(index, tracker.step(index)));
        if (!preflight.problems().isEmpty()) {
            preflight.problems().forEach((index, problem) -> fail(index, problem));
            return Future.succeededFuture(result("InstallCheckFailed", List.of()));
        }
        long deadline = options.scheduler().nanoTime() + options.timeout().toNanos();
        crdStepByKind = crdStepsByKind(runnable);
        env = new ExecutionEnvironment(context, api, discovery, options, deadline, crdStepByKind.keySet());
        runner = new StepRunner(env);
        List<Integer> foundation = new ArrayList<>();
        List<Integer> rest = new ArrayList<>();
        for (int index : runnable) {
            (StepRunner.isFoundation(tracker.step(index).resource()) ? foundation : rest).add(index);
        }
        return runGroup(foundation)
                .compose(done -> failures.isEmpty() ? refreshDiscovery(rest) : Future.succeededFuture())
                .compose(done -> runGroup(rest))
                .map(done -> result("InstallComponentFailed", runnable));
    }

    /** Steps to send, reset to Unknown so that the result reflects this run only. */
    private List<Integer> runnableSteps() {
        List<Integer> runnable = new ArrayList<>();
        for (int index = 0; index < tracker.size(); index++) {
            if (!NEVER_SENT.contains(tracker.step(index).status())) {
                tracker.reset(index, StepStatus.UNKNOWN);
                runnable.add(index);
            }
        }
        return runnable;
    }

    private Future<Void> runGroup(List<Integer> indices) {
        return BoundedRunner.run(indices, options.concurrency(), this::runStep, this::mayStart);
    }

    private boolean mayStart() {
        return failures.isEmpty() && env.now() < env.deadlineNanos();
    }

    private Future<Void> runStep(int index) {
        Step step = tracker.step(index);
        return runner.run(step, preflight.manifest(index), tracker.reporterFor(index))
                .map(outcome -> {
                    if (outcome instanceof StepOutcome.Applied applied) {
                        tracker.finish(index, applied.status(), applied.message());
                    } else {
                        fail(index, outcome.message());
                    }
                    return null;
                });
    }

    private void fail(int index, String message) {
        tracker.finish(index, StepStatus.FAILED, message);
        failures.put(index, tracker.step(index).resource().displayName() + ": " + message);
    }

    /**
     * After the CRDs are Established, re-reads discovery until it lists every kind that a later
     * step needs from a CRD of this plan (the API server's discovery can trail the Established
     * condition a little). Kinds nobody needs are not waited for.
     */
    private Future<Void> refreshDiscovery(List<Integer> rest) {
        if (options.dryRunServer()) {
            return Future.succeededFuture();
        }
        long limit = Math.min(env.now() + options.crdTimeout().toNanos(), env.deadlineNanos());
        Set<String> awaited = new HashSet<>();
        List<Future<Void>> refreshes = new ArrayList<>();
        for (int index : rest) {
            StepResource resource = tracker.step(index).resource();
            String group = resource.group() == null ? "" : resource.group();
            Integer definingCrd = crdStepByKind.get(group + "/" + resource.kind());
            if (definingCrd == null || !SERVED_CRD.contains(tracker.step(definingCrd).status())
                    || !awaited.add(group + "/" + resource.version() + "/" + resource.kind())) {
                continue;
            }
            refreshes.add(awaitServed(group, resource.version(), resource.kind(), limit));
        }
        return Future.join(refreshes).<Void>mapEmpty().otherwiseEmpty();
    }

    private Future<Void> awaitServed(String group, String version, String kind, long limit) {
        return discovery.refresh(group, version).transform(answer -> {
            GroupVersionResources served = answer.succeeded() ? answer.result() : null;
            if (served != null && served.find(kind).isPresent()) {
                return Future.succeededFuture();
            }
            if (env.now() + options.crdPollInterval().toNanos() > limit) {
                // The steps that need this kind will report it as not found.
                return Future.succeededFuture();
            }
            return options.scheduler().sleep(context, options.crdPollInterval())
                    .compose(slept -> awaitServed(group, version, kind, limit));
        });
    }

    /** {@code group/Kind} to the index of the CRD step that defines it. */
    private Map<String, Integer> crdStepsByKind(List<Integer> runnable) {
        Map<String, Integer> byKind = new HashMap<>();
        for (int index : runnable) {
            if (StepRunner.isCrd(tracker.step(index).resource())) {
                ObjectNode crd = preflight.manifest(index);
                byKind.put(crd.path("spec").path("group").asText() + "/"
                        + crd.path("spec").path("names").path("kind").asText(), index);
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
        boolean failed = !problems.isEmpty();
        String message = failed ? failureMessage(problems) : summary();
        PlanCondition installed = failed
                ? new PlanCondition("Installed", "False", failureReason, message, time)
                : new PlanCondition("Installed", "True", null, null, time);
        InstallPlan.Status before = plan.status();
        InstallPlan.Status after = new InstallPlan.Status(failed ? InstallPlanPhase.FAILED : InstallPlanPhase.COMPLETE,
                List.of(installed), tracker.steps(), rfc3339(startTime), time, message, before.capabilities());
        return plan.withStatus(after);
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
