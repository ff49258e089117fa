package dev.bundlectl.executor.install;

import dev.bundlectl.executor.ownership.FieldRelease;
import dev.bundlectl.executor.ownership.InstallOwner;
import dev.bundlectl.executor.ownership.ObservedObject;
import dev.bundlectl.executor.ownership.OwnerListing;
import dev.bundlectl.executor.ownership.OwnerMarks;
import dev.bundlectl.executor.ownership.OwnershipDecision;
import dev.bundlectl.executor.records.CreatedObject;
import dev.bundlectl.executor.records.ObjectRef;
import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.model.PlanCondition;
import dev.bundlectl.plan.model.Step;
import dev.bundlectl.plan.model.StepAction;
import dev.bundlectl.plan.model.StepStatus;
import dev.bundlectl.plan.planned.PlannedInstall;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.IntFunction;

/**
 * One install's ownership decision for each step it sends (docs/semantics.md §8): which objects
 * it lists itself on and records as its own ({@link #listings}), which it leaves to their owners,
 * which fields it takes over first. Made from the preflight's dry run, whose answers show every
 * object's owners as they stand (an apply never carries them).
 */
public final class OwnershipPlan {

    /** The plan condition that says an install was refused for objects other installs own. */
    public static final String CONDITION = "Ownership";
    /** Its reason. */
    public static final String REFUSED = "OwnedByAnotherInstall";

    private final InstallOwner owner;
    private final Map<Integer, OwnershipDecision> decisions;
    private final Map<Integer, FieldRelease> releases;

    /**
     * @param owner the install
     * @param decisions by step index, for every step the install sends
     */
    public OwnershipPlan(InstallOwner owner, Map<Integer, OwnershipDecision> decisions) {
        this(owner, decisions, Map.of());
    }

    /**
     * @param owner the install
     * @param decisions by step index, for every step the install sends
     * @param releases by step index, the fields another manager gives up before the step applies
     *     ({@link dev.bundlectl.executor.ownership.OlmInjectedFields})
     */
    public OwnershipPlan(InstallOwner owner, Map<Integer, OwnershipDecision> decisions,
            Map<Integer, FieldRelease> releases) {
        this.owner = Objects.requireNonNull(owner, "owner");
        this.decisions = Map.copyOf(decisions);
        this.releases = Map.copyOf(releases);
    }

    /** Whether a step is one an install sends: not one planned never to be, nor an object an upgrade keeps. */
    public static boolean sends(Step step) {
        return !step.status().isNeverSent() && step.action() != StepAction.KEEP
                && step.action() != StepAction.DELETE;
    }

    /** The install these decisions are for. */
    public InstallOwner owner() {
        return owner;
    }

    /** By step index, the decisions. */
    public Map<Integer, OwnershipDecision> decisions() {
        return decisions;
    }

    /** The step indexes of the objects another install owns and this one may not change. */
    public Map<Integer, OwnershipDecision.Conflict> conflicts() {
        Map<Integer, OwnershipDecision.Conflict> conflicts = new LinkedHashMap<>();
        decisions.forEach((index, decision) -> {
            if (decision instanceof OwnershipDecision.Conflict conflict) {
                conflicts.put(index, conflict);
            }
        });
        return conflicts;
    }

    /**
     * By step index, how each step the install owns changes the object's owner lists once its write
     * succeeded (docs/semantics.md §8): the install joins its package's list with the digest of the
     * step's object (as planned, without any owner's annotation); the release before's installs of
     * the package that share it join with it (their migration); gone owners and those it takes the
     * object from leave theirs. Steps it does not own have none: the user's objects are never listed.
     */
    public Map<Integer, OwnerListing> listings(PlannedInstall plan) {
        Map<Integer, OwnerListing> listings = new LinkedHashMap<>();
        decisions.forEach((index, decision) -> {
            if (decision instanceof OwnershipDecision.Owned owned) {
                Set<String> alsoListed = new TreeSet<>();
                owned.alsoOwnedBy().stream().filter(mark -> !mark.listed() && mark.ofPackage(owner.packageName()))
                        .forEach(mark -> alsoListed.add(mark.owner().namespace()));
                Set<InstallOwner> dropped = new LinkedHashSet<>();
                owned.goneOwners().forEach(mark -> dropped.add(mark.owner()));
                owned.takenFrom().forEach(mark -> dropped.add(mark.owner()));
                listings.put(index, OwnerListing.joining(owner,
                        OwnerMarks.contentDigest(plan.steps().get(index).object()), alsoListed, dropped));
            }
        });
        return listings;
    }

    /** By step index, the fields another field manager gives up before the step applies. */
    public Map<Integer, FieldRelease> releases() {
        return releases;
    }

    /** Whether anything is rewritten before the install applies: fields transferred or released. */
    public boolean rewritesFieldsFirst() {
        return !transfers().isEmpty() || !releases.isEmpty();
    }

    /** By step index, the field managers whose fields become the install's before it applies. */
    public Map<Integer, List<String>> transfers() {
        Map<Integer, List<String>> transfers = new LinkedHashMap<>();
        decisions.forEach((index, decision) -> {
            if (decision instanceof OwnershipDecision.Owned owned && !owned.transferFrom().isEmpty()) {
                transfers.put(index, owned.transferFrom());
            }
        });
        return transfers;
    }

    /**
     * The objects the install owns once it ran: those of the steps it owns that ended applied, and
     * what its previous record owned that this run did not touch (a step that failed, an object of
     * a step it did not send). An upgrade's deletions and the objects it leaves to OLM are dropped.
     *
     * @param finished the plan as the run ended
     * @param seen by step index, what the run's answers (or, for a step it left out, the
     *     preflight's) said of each object
     * @param plural by step index, the resource the object was written through, or null
     * @param previouslyOwned what the previous record owned
     */
    public List<CreatedObject> owned(InstallPlan finished, Map<Integer, ObservedObject> seen, IntFunction<String> plural,
            List<CreatedObject> previouslyOwned) {
        List<CreatedObject> owned = new ArrayList<>();
        List<ObjectRef> touched = new ArrayList<>();
        for (int index = 0; index < finished.steps().size(); index++) {
            Step step = finished.steps().get(index);
            ObjectRef ref = ObjectRef.of(step.resource());
            boolean applied = step.status() == StepStatus.CREATED || step.status() == StepStatus.PRESENT;
            if (step.action() == StepAction.DELETE && step.status() == StepStatus.UNKNOWN) {
                // Never sent (an earlier step failed, or the new version did not run): the object is
                // still the old version's, and the previous record's ownership of it stands.
                continue;
            }
            if (step.action() == StepAction.DELETE || step.action() == StepAction.KEEP
                    || decisions.get(index) instanceof OwnershipDecision.Foreign) {
                touched.add(ref);
                continue;
            }
            if (decisions.get(index) instanceof OwnershipDecision.Owned decision && applied) {
                touched.add(ref);
                ObservedObject object = seen.get(index);
                OwnershipDecision.How how = step.status() == StepStatus.CREATED ? OwnershipDecision.How.CREATED
                        : decision.how() == OwnershipDecision.How.CREATED ? OwnershipDecision.How.OWNED : decision.how();
                owned.add(new CreatedObject(ref, plural.apply(index), object == null ? null : object.uid(),
                        object == null ? null : object.resourceVersion(), null, ownership(how)));
            }
        }
        for (CreatedObject earlier : previouslyOwned) {
            if (touched.stream().noneMatch(earlier.object()::sameObjectAs)
                    && owned.stream().noneMatch(o -> o.object().sameObjectAs(earlier.object()))) {
                owned.add(earlier);
            }
        }
        return owned;
    }

    /**
     * What a run about to start owns, for the record it saves before its first write: everything its
     * previous record owned, and every object it is about to create, so that an uninstall after a
     * run that never ended still finds them.
     */
    public List<CreatedObject> aboutToOwn(InstallPlan plan, List<CreatedObject> previouslyOwned) {
        List<CreatedObject> owned = new ArrayList<>(previouslyOwned);
        decisions.forEach((index, decision) -> {
            ObjectRef ref = ObjectRef.of(plan.steps().get(index).resource());
            if (decision instanceof OwnershipDecision.Owned owns
                    && owned.stream().noneMatch(o -> o.object().sameObjectAs(ref))) {
                owned.add(new CreatedObject(ref, null, null, null, null, ownership(owns.how())));
            }
        });
        return owned;
    }

    /**
     * {@code plan} (a dry run's) with every object another install owns {@code Failed}, saying so,
     * and the plan {@code Failed} when there is one: what the real install would refuse.
     */
    public InstallPlan refusing(InstallPlan plan) {
        Map<Integer, OwnershipDecision.Conflict> conflicts = conflicts();
        InstallPlan noted = noted(plan);
        if (conflicts.isEmpty()) {
            return noted;
        }
        List<Step> steps = new ArrayList<>(noted.steps());
        conflicts.forEach((index, conflict) -> steps.set(index, plan.steps().get(index).withStatus(StepStatus.FAILED,
                plan.steps().get(index).resource().displayName() + " is " + conflict.note())));
        InstallPlan.Status status = noted.status();
        String message = conflicts.size() + (conflicts.size() == 1 ? " object is" : " objects are")
                + " owned by another install";
        List<PlanCondition> conditions = new ArrayList<>(status.conditions());
        conditions.add(new PlanCondition(CONDITION, "False", REFUSED, message + "; nothing was written",
                java.time.Instant.now().toString()));
        return noted.withStatus(new InstallPlan.Status(dev.bundlectl.plan.model.InstallPlanPhase.FAILED,
                conditions, steps, status.startTime(), status.completionTime(), message, status.capabilities(),
                status.dependencies()));
    }

    /** Whether {@code plan} is one {@link #refusing} refused: objects other installs own, nothing written. */
    public static boolean refused(InstallPlan plan) {
        return plan.condition(CONDITION).filter(condition -> REFUSED.equals(condition.reason())).isPresent();
    }

    /** The plan with each sent step's ownership said in its message (shared, taken over, not owned). */
    public InstallPlan noted(InstallPlan plan) {
        List<Step> steps = new ArrayList<>(plan.steps());
        decisions.forEach((index, decision) -> note(steps, index, decision.note()));
        releases.forEach((index, release) -> note(steps, index, release.note()));
        InstallPlan.Status status = plan.status();
        return plan.withStatus(new InstallPlan.Status(status.phase(), status.conditions(), steps, status.startTime(),
                status.completionTime(), status.message(), status.capabilities(), status.dependencies()));
    }

    private static void note(List<Step> steps, int index, String note) {
        Step step = steps.get(index);
        if (note != null && step.status() != StepStatus.FAILED) {
            steps.set(index, step.withStatus(step.status(), step.message() == null ? note : step.message() + "; " + note));
        }
    }

    /** How a record says an object is owned. */
    public static String ownership(OwnershipDecision.How how) {
        return switch (how) {
            case CREATED -> "created";
            case OWNED, ADOPTED -> "owned";
            case SHARED, SHARED_WITH_EARLIER_RELEASE -> "shared";
            case TAKEN, TAKEN_FROM_OLM -> "taken";
            case SHARED_WITH_OLM -> OwnershipDecision.SHARED_WITH_OLM_RECORDED;
        };
    }

}
