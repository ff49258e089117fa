package dev.bundlectl.bench.install;

import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.model.Step;
import dev.bundlectl.plan.model.StepStatus;
import java.util.List;
import java.util.Set;

/** The steps of a plan that an install sends, in plan order, as the step executor chooses them. */
final class SentSteps {

    /** The executor never sends these (its {@code PlanRun} skips them the same way). */
    private static final Set<StepStatus> NEVER_SENT = Set.of(StepStatus.NOT_CREATED, StepStatus.UNSUPPORTED_RESOURCE);

    private SentSteps() {
    }

    static List<Step> of(InstallPlan plan) {
        return plan.steps().stream().filter(step -> !NEVER_SENT.contains(step.status())).toList();
    }
}
