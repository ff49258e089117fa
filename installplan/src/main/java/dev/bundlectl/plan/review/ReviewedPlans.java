package dev.bundlectl.plan.review;

import dev.bundlectl.plan.olm.OperatorGroupChoice;
import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.model.InstallPlanPhase;
import dev.bundlectl.plan.model.Step;
import dev.bundlectl.plan.model.StepStatus;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The plan an install runs for a reviewed plan file. Statuses, messages, phase and conditions
 * are predictions, so they always come from a fresh plan of the bundle, never from the file: a
 * status decides what is sent at all ({@code NotCreated} and {@code UnsupportedResource} steps
 * never are).
 */
public final class ReviewedPlans {

    private ReviewedPlans() {
    }

    /**
     * A reviewed plan that equals the fresh one ({@link PlanComparison} found no difference): the
     * fresh steps, with their real Secret values, each in the namespace the reviewer saw (the
     * reviewer's API surface may have known a kind as cluster-scoped where the fresh plan, made
     * without one, could not tell); the reviewed OperatorGroup step, which depends on the cluster.
     */
    public static InstallPlan approved(InstallPlan reviewed, InstallPlan fresh) {
        if (reviewed.steps().size() != fresh.steps().size()) {
            throw new IllegalArgumentException("the reviewed plan differs from the fresh one");
        }
        List<Step> steps = new ArrayList<>();
        for (int i = 0; i < fresh.steps().size(); i++) {
            Step step = fresh.steps().get(i);
            Step asReviewed = reviewed.steps().get(i);
            // The OperatorGroup is the cluster's answer, which the offline fresh plan cannot give:
            // the reviewed decision stands, and the install checks it against the namespace again.
            // Only its decision to use one as it is: a forged status or message is never taken.
            steps.add(OperatorGroupChoice.isStep(asReviewed) && asReviewed.status() == StepStatus.PRESENT
                    ? asReviewed.withStatus(StepStatus.PRESENT, "the namespace's OperatorGroup, used as it is "
                            + "(as reviewed; checked against the namespace again)")
                    : step.withResource(step.resource().withNamespace(asReviewed.resource().namespace())));
        }
        return new InstallPlan(reviewed.metadata(), reviewed.spec(), withSteps(fresh.status(), steps));
    }

    /**
     * An edited plan that is applied anyway ({@code --allow-edited-plan}): the file's steps, each
     * with the fresh plan's status where the bundle has the same object, else {@code Unknown}.
     *
     * @param fresh the fresh plan of the bundle, if the bundle could be planned
     */
    public static InstallPlan edited(InstallPlan reviewed, Optional<InstallPlan> fresh) {
        List<Step> candidates = new ArrayList<>(fresh.map(InstallPlan::steps).orElse(List.of()));
        List<Step> steps = new ArrayList<>();
        for (Step step : reviewed.steps()) {
            Optional<Step> match = PlanComparison.takeMatch(step, candidates);
            steps.add(match.isPresent()
                    ? step.withStatus(match.get().status(), match.get().message())
                    : step.withStatus(StepStatus.UNKNOWN, null));
        }
        InstallPlan.Status base = fresh.map(InstallPlan::status).orElseGet(() -> new InstallPlan.Status(
                InstallPlanPhase.REQUIRES_APPROVAL, List.of(), List.of(), null, null, null, null));
        return new InstallPlan(reviewed.metadata(), reviewed.spec(), withSteps(base, steps));
    }

    private static InstallPlan.Status withSteps(InstallPlan.Status status, List<Step> steps) {
        return new InstallPlan.Status(status.phase(), status.conditions(), steps, null, null, status.message(),
                status.capabilities(), status.dependencies());
    }
}
