package dev.bundlectl.executor.install;

import dev.bundlectl.executor.PlanApplier;
import dev.bundlectl.executor.RunningPlan;
import dev.bundlectl.executor.StepEvent;
import dev.bundlectl.executor.apply.ApplySettings;
import dev.bundlectl.executor.ownership.FieldConflict;
import dev.bundlectl.executor.ownership.FieldRelease;
import dev.bundlectl.executor.ownership.InstallOwner;
import dev.bundlectl.executor.ownership.ObjectOwners;
import dev.bundlectl.executor.ownership.ObservedObject;
import dev.bundlectl.executor.ownership.OlmInjectedFields;
import dev.bundlectl.executor.ownership.OwnerStandings;
import dev.bundlectl.executor.ownership.OwnershipDecision;
import dev.bundlectl.executor.ownership.OwnershipJudge;
import dev.bundlectl.executor.records.ObjectRef;
import dev.bundlectl.plan.planned.PlannedStep;
import dev.bundlectl.executor.records.AppliedState;
import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.model.InstallPlanPhase;
import dev.bundlectl.plan.model.PlanCondition;
import dev.bundlectl.plan.model.Step;
import dev.bundlectl.plan.model.StepAction;
import dev.bundlectl.plan.model.StepStatus;
import dev.bundlectl.plan.planned.PlannedInstall;
import io.vertx.core.Future;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The first stage of every real install (docs/semantics.md §3, "Preflight"): the plan's steps are
 * sent as a server-side dry run of the same apply ({@code dryRun=All}), with the executor's own
 * order, concurrency and retries, before anything is written. The server then judges what offline
 * checks cannot (CEL rules and their cost, admission, quota): a required step it refuses stops the
 * install with nothing written; an optional one it refuses is {@code NotCreated}, with the server's
 * reason, and is not sent again. Custom resources of CRDs that the plan itself creates cannot be
 * judged before their CRD exists; they keep the offline check. A step the server could not answer
 * (a failed discovery, transient errors past the retries) was not refused: the install goes on and
 * meets it as it would have without a preflight.
 */
public final class ServerPreflight {

    /** The plan condition that reports the preflight. */
    public static final String CONDITION = "Preflight";
    /** Its reason when the server refused a step. */
    public static final String REFUSED = "ServerRefused";

    private final PlanApplier applier;
    private final Clock clock;

    /** A preflight through {@code applier}, stamping its condition with {@code clock}. */
    public ServerPreflight(PlanApplier applier, Clock clock) {
        this.applier = applier;
        this.clock = clock;
    }

    /**
     * What the preflight found.
     *
     * @param plan the plan to apply: the same plan with the preflight's {@code NotCreated} steps and
     *     a {@code Preflight} condition, or, when the server refused a required step, a
     *     {@code Failed} plan that says nothing was written
     * @param live by step index, each existing object's {@code resourceVersion} as the dry run's
     *     answer gave it, with the digest of the body the step sends
     * @param existing the create-only steps whose dry-run create found the object already there
     * @param unaccepted the steps the dry run did not accept, in plan order: those the server refused
     *     (not those it could not answer), and those it never judged (a stage after a refused one,
     *     a custom resource of a CRD the plan creates)
     * @param forbidden by step index, the server's message for each step it refused with 403
     * @param judged whether a dry run judged the steps at all (false: none ran)
     * @param ownership the install's ownership of each object it sends, decided from the dry run's
     *     answers (docs/semantics.md §8)
     * @param observed by step index, what the dry run's answers said of each object
     */
    public record Checked(InstallPlan plan, Map<Integer, AppliedState> live, Set<Integer> existing,
            List<Integer> unaccepted, Map<Integer, String> forbidden, boolean judged, OwnershipPlan ownership,
            Map<Integer, ObservedObject> observed) {
        public Checked {
            Objects.requireNonNull(plan, "plan");
            Objects.requireNonNull(ownership, "ownership");
            live = Map.copyOf(live);
            existing = Set.copyOf(existing);
            unaccepted = List.copyOf(unaccepted);
            forbidden = Map.copyOf(forbidden);
            observed = Map.copyOf(observed);
        }

        /**
         * Whether nothing may be written: the server refused a step in preflight, or another
         * install owns an object the plan would change.
         */
        public boolean refused() {
            return ServerPreflight.refused(plan) || !ownership.conflicts().isEmpty();
        }

        /** A plan no dry run judged ({@code --no-preflight}); {@code ownership} as read from the objects. */
        public static Checked unchecked(InstallPlan plan, OwnershipPlan ownership) {
            return new Checked(plan, Map.of(), Set.of(), List.of(), Map.of(), false, ownership, Map.of());
        }
    }

    /**
     * Dry-runs {@code planned} as {@code judge}'s install's field manager, and answers with the plan
     * to apply, what it found on the server, and the install's ownership of each object: an object
     * another install owns and this one would change is refused here, with nothing written.
     */
    public Future<Checked> check(PlannedInstall planned, ApplySettings options, OwnershipJudge judge, InstallOwner owner) {
        RunningPlan dryRun = dryRun(applier, planned, options, owner, event -> { });
        OwnerStandings standings = new OwnerStandings(applier.api(), options.recentStandings());
        return dryRun.result().compose(judged -> conflictOwnersRead(applier, planned, dryRun, judge)
                .compose(conflictOwners -> knowingGoneOwners(planned, dryRun, conflictOwners, judge, owner, standings)
                        .map(knowing -> ownershipOf(planned, judged, dryRun, conflictOwners, knowing, owner)))
                .map(ownership -> new Checked(judged(planned.plan(), judged, dryRun.unavailableSteps(), ownership),
                        dryRun.appliedStates(), dryRun.foundExisting(), unacceptedSteps(planned.plan(), judged,
                                dryRun.unavailableSteps()), dryRun.forbiddenSteps(), true, ownership,
                        dryRun.observedObjects())));
    }

    /**
     * The preflight's one request per step: {@code planned} sent through {@code applier} as a
     * server-side dry run ({@code dryRun=All}) of the very writes an install makes, applied as
     * {@code owner}'s package's field manager. No write carries an owner list (docs/semantics.md §8),
     * so each answer shows the object's owners as they stand. The preflight,
     * {@code install --dry-run=server} and {@code plan -o diff} all send it this way, so that what
     * they judge or show is what the install would write.
     */
    public static RunningPlan dryRun(PlanApplier applier, PlannedInstall planned, ApplySettings options,
            InstallOwner owner, Consumer<StepEvent> listener) {
        return applier.start(planned, options.toBuilder().dryRunServer(true).owner(owner).build(), listener);
    }

    /**
     * By step index, the owners of each object whose dry-run apply conflicted with another install's
     * field manager, read as it is (one GET each, only those): whose fields a package's manager holds
     * only the object's owner list says ({@link OwnershipJudge#needsOwnersRead}). An object that
     * cannot be read is left out: its conflict is judged from the managers alone.
     */
    static Future<Map<Integer, ObjectOwners>> conflictOwnersRead(PlanApplier applier, PlannedInstall planned,
            RunningPlan run, OwnershipJudge judge) {
        Map<Integer, Future<ObservedObject>> reads = new java.util.LinkedHashMap<>();
        run.conflicts().forEach((index, managers) -> {
            if (judge.needsOwnersRead(managers)) {
                reads.put(index, LiveObjects.read(applier.discovery(), applier.api(), planned.steps().get(index)));
            }
        });
        if (reads.isEmpty()) {
            return Future.succeededFuture(Map.of());
        }
        return Future.join(new ArrayList<>(reads.values())).transform(done -> {
            Map<Integer, ObjectOwners> owners = new java.util.LinkedHashMap<>();
            reads.forEach((index, read) -> {
                if (read.succeeded() && read.result() != null) {
                    owners.put(index, read.result().owners());
                }
            });
            return Future.succeededFuture(owners);
        });
    }

    /**
     * {@code judge}, knowing which of the installs whose owner lists, marks or field managers the dry
     * run's answers (and the reads after its conflicts) showed are gone (docs/semantics.md §8, "A
     * stale owner is no owner"): each owner namespace is read once, and nothing is read when no
     * object names another install.
     */
    static Future<OwnershipJudge> knowingGoneOwners(PlannedInstall planned, RunningPlan run,
            Map<Integer, ObjectOwners> conflictOwners, OwnershipJudge judge, InstallOwner owner,
            OwnerStandings standings) {
        Map<Integer, ObservedObject> observed = run.observedObjects();
        Map<Integer, List<String>> conflicts = run.conflicts();
        Set<InstallOwner> ask = new java.util.LinkedHashSet<>();
        for (int index = 0; index < planned.steps().size(); index++) {
            ObjectRef ref = ObjectRef.of(planned.steps().get(index).step().resource());
            ObservedObject seen = observed.get(index);
            if (seen != null) {
                ask.addAll(judge.ownersToAsk(ref, seen.owners()));
            }
            if (conflictOwners.containsKey(index)) {
                ask.addAll(judge.ownersToAsk(ref, conflictOwners.get(index)));
            }
            ask.addAll(OwnershipJudge.ownersToAsk(conflicts.get(index)));
        }
        // An entry of the install's own was left by an install of this package in this namespace:
        // asking where it stands could only answer that it does (its own record makes it so).
        ask.remove(owner);
        return standings.gone(ask).map(judge::knowing);
    }

    /**
     * The decision for each object the install sends: from the dry run's answer, or its conflict
     * (with the owners a read after it found, {@code conflictOwners}); for a step no answer judged
     * (a custom resource of a CRD this plan creates), from the record.
     */
    static OwnershipPlan ownershipOf(PlannedInstall planned, InstallPlan dryRun, RunningPlan run,
            Map<Integer, ObjectOwners> conflictOwners, OwnershipJudge judge, InstallOwner owner) {
        Map<Integer, ObservedObject> observed = run.observedObjects();
        Map<Integer, List<String>> conflicts = run.conflicts();
        Map<Integer, List<FieldConflict>> fieldConflicts = run.fieldConflicts();
        Map<Integer, OwnershipDecision> decisions = new java.util.LinkedHashMap<>();
        Map<Integer, FieldRelease> releases = new java.util.LinkedHashMap<>();
        for (int index = 0; index < planned.steps().size(); index++) {
            PlannedStep step = planned.steps().get(index);
            if (!OwnershipPlan.sends(step.step())) {
                continue;
            }
            ObjectRef ref = ObjectRef.of(step.step().resource());
            ObservedObject seen = observed.get(index);
            // Fields OLM injected stand in the way of no install's ownership: they are released first.
            Optional<FieldRelease> release = OlmInjectedFields.release(ref, fieldConflicts.get(index));
            int at = index;
            release.ifPresent(fields -> releases.put(at, fields));
            OwnershipDecision decision = judge.judge(ref, step.object(), seen,
                    release.isPresent() ? List.of() : conflicts.get(index), conflictOwners.get(index));
            if (decision == null && (release.isPresent() || dryRun.steps().get(index).status() != StepStatus.FAILED)) {
                decision = judge.unseen(ref);
            }
            if (decision != null) {
                decisions.put(index, decision);
            }
        }
        return new OwnershipPlan(owner, decisions, releases);
    }

    /** A condition for a plan installed with {@code --no-preflight}, so that the record says so. */
    public PlanCondition skipped() {
        return new PlanCondition(CONDITION, "Unknown", "Skipped", "--no-preflight: the server did not judge the "
                + "plan before it was written", clock.instant().toString());
    }

    /**
     * The plan as the dry run judged it. A step the server could not answer (its discovery failed,
     * transient errors outlasted the retries) was not refused: it is left to the install, which
     * meets the same server again, as it would have without a preflight.
     */
    private InstallPlan judged(InstallPlan plan, InstallPlan dryRun, Set<Integer> unavailable, OwnershipPlan ownership) {
        List<Step> steps = new ArrayList<>(plan.steps());
        List<String> refusals = new ArrayList<>();
        int accepted = 0;
        int unjudged = 0;
        for (int index = 0; index < steps.size(); index++) {
            Step before = steps.get(index);
            Step judged = dryRun.steps().get(index);
            OwnershipDecision decision = ownership.decisions().get(index);
            if (before.status().isNeverSent()) {
                continue;
            }
            if (decision instanceof OwnershipDecision.Conflict conflict) {
                // Another install's object: refused whatever the dry run said, since writing it would change it.
                String message = before.resource().displayName() + " is " + conflict.note();
                refusals.add(message);
                steps.set(index, before.withStatus(StepStatus.FAILED, "refused in preflight: " + message));
            } else if (judged.status() == StepStatus.FAILED && decision instanceof OwnershipDecision.Owned owned
                    && !owned.transferFrom().isEmpty()) {
                // It conflicted only with fields the install takes over before it applies: not judged.
                unjudged++;
                steps.set(index, before.withStatus(before.status(), "not judged: its fields are taken over from "
                        + String.join(", ", owned.transferFrom()) + " before it is applied"));
            } else if (judged.status() == StepStatus.FAILED && ownership.releases().containsKey(index)) {
                // It conflicted only with fields OLM injected, which the install takes over first.
                unjudged++;
                steps.set(index, before.withStatus(before.status(), "not judged: it conflicted only with the fields "
                        + "OLM injected, which are taken over from olm before it is applied ("
                        + String.join(", ", ownership.releases().get(index).paths()) + ")"));
            } else if (judged.status() == StepStatus.FAILED && unavailable.contains(index)) {
                unjudged++;
            } else if (judged.status() == StepStatus.FAILED) {
                refusals.add(judged.resource().displayName() + ": " + judged.message());
                steps.set(index, before.withStatus(StepStatus.FAILED, "refused in preflight: " + judged.message()));
            } else if (judged.status() == StepStatus.NOT_CREATED) {
                steps.set(index, before.withStatus(StepStatus.NOT_CREATED, "in preflight: " + judged.message()));
            } else if (judged.status() == StepStatus.UNKNOWN) {
                unjudged++;
            } else {
                accepted++;
            }
        }
        String now = clock.instant().toString();
        InstallPlan.Status status = plan.status();
        List<PlanCondition> conditions = new ArrayList<>(status.conditions());
        if (!refusals.isEmpty()) {
            // An upgrade's delete step would otherwise still say what it was going to delete.
            for (int index = 0; index < steps.size(); index++) {
                Step step = steps.get(index);
                if (step.action() == StepAction.DELETE && step.status() != StepStatus.FAILED) {
                    steps.set(index, step.withStatus(StepStatus.UNKNOWN, "not deleted: the server refused the plan "
                            + "in preflight, so nothing was written"));
                }
            }
            String message = "the server refused " + refusals.size() + (refusals.size() == 1 ? " step" : " steps")
                    + " in preflight (a server-side dry run); nothing was written: " + String.join("; ", refusals);
            conditions.add(new PlanCondition(CONDITION, "False", REFUSED, message, now));
            return plan.withStatus(new InstallPlan.Status(InstallPlanPhase.FAILED, conditions, steps,
                    status.startTime(), now, message, status.capabilities(), status.dependencies()));
        }
        conditions.add(new PlanCondition(CONDITION, "True", "ServerAccepted", accepted + " steps accepted by a "
                + "server-side dry run" + (unjudged == 0 ? "" : "; " + unjudged + " not judged (their CRDs are created "
                        + "by this plan, or the server could not answer)"), now));
        return plan.withStatus(new InstallPlan.Status(status.phase(), conditions, steps, status.startTime(),
                status.completionTime(), status.message(), status.capabilities(), status.dependencies()));
    }

    /**
     * The steps of {@code plan} that {@code dryRun} did not accept, in plan order: those it failed
     * where the server answered (rather than could not), and those it left {@code Unknown}.
     */
    static List<Integer> unacceptedSteps(InstallPlan plan, InstallPlan dryRun, Set<Integer> unavailable) {
        List<Integer> unaccepted = new ArrayList<>();
        for (int index = 0; index < plan.steps().size(); index++) {
            Step step = plan.steps().get(index);
            StepStatus judged = dryRun.steps().get(index).status();
            if (!step.status().isNeverSent() && step.action() != StepAction.KEEP
                    && (judged == StepStatus.FAILED && !unavailable.contains(index) || judged == StepStatus.UNKNOWN)) {
                unaccepted.add(index);
            }
        }
        return unaccepted;
    }

    /** Whether {@code plan} is one the preflight refused (nothing was written). */
    public static boolean refused(InstallPlan plan) {
        return plan.condition(CONDITION).filter(condition -> REFUSED.equals(condition.reason())).isPresent();
    }
}
