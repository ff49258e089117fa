package dev.bundlectl.plan;

import dev.bundlectl.plan.model.PlanCondition;
import dev.bundlectl.plan.model.PlanDependency;
import dev.bundlectl.plan.model.InstallPlanPhase;
import dev.bundlectl.plan.model.StepStatus;
import dev.bundlectl.plan.model.Step;
import dev.bundlectl.plan.model.InstallPlan;
import java.util.ArrayList;
import java.util.List;

/** Builds a fresh plan's status: phase, summary message and conditions from the verdict. */
final class PlanStatuses {

    static final String CONDITION_INSTALLED = "Installed";
    static final String REASON_COMPONENT_FAILED = "InstallComponentFailed";

    private PlanStatuses() {
    }

    static InstallPlan.Status initial(List<Step> steps, PlanVerdict verdict, PlanRequest request,
            List<PlanDependency> dependencies) {
        List<PlanCondition> conditions = new ArrayList<>(request.extraConditions());
        String surface = request.apiSurface().description();
        if (verdict.installable()) {
            return new InstallPlan.Status(InstallPlanPhase.REQUIRES_APPROVAL, conditions, steps, null, null,
                    installableMessage(steps, surface), request.capabilities(), dependencies);
        }
        String failing = String.join("; ", verdict.reasons());
        conditions.add(new PlanCondition(CONDITION_INSTALLED, "False", REASON_COMPONENT_FAILED,
                "required steps cannot be installed: " + failing, null));
        return new InstallPlan.Status(InstallPlanPhase.FAILED, conditions, steps, null, null,
                "predicted to fail against " + surface + ": " + failing
                        + UnservedApiHint.of(steps).map(hint -> "; " + hint).orElse(""), request.capabilities(),
                dependencies);
    }

    /** For example {@code 12 steps planned against built-in kubernetes 1.34: 11 to apply, 1 not created}. */
    private static String installableMessage(List<Step> steps, String surface) {
        long toApply = steps.stream().filter(s -> s.status() == StepStatus.UNKNOWN).count();
        long notCreated = steps.stream().filter(s -> s.status() == StepStatus.NOT_CREATED).count();
        long unsupported = steps.stream().filter(s -> s.status() == StepStatus.UNSUPPORTED_RESOURCE).count();
        StringBuilder message = new StringBuilder()
                .append(steps.size()).append(steps.size() == 1 ? " step" : " steps")
                .append(" planned against ").append(surface)
                .append(": ").append(toApply).append(" to apply, ").append(notCreated).append(" not created");
        if (unsupported > 0) {
            message.append(", ").append(unsupported).append(" unsupported");
        }
        return message.toString();
    }
}
