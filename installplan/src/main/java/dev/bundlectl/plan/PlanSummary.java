package dev.bundlectl.plan;

import dev.bundlectl.plan.model.InstallPlanPhase;
import dev.bundlectl.plan.model.StepStatus;
import dev.bundlectl.plan.model.Step;
import dev.bundlectl.plan.model.InstallPlan;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;

/**
 * Counts over a plan's steps, for tables, progress and status output.
 *
 * @param total the number of steps
 * @param countsByStatus how many steps have each status, in {@link StepStatus} order; statuses
 *     with no step are absent
 * @param optional how many steps are optional
 * @param phase the plan's phase
 * @param verdict whether the plan can succeed ({@link PlanVerdict#of})
 */
public record PlanSummary(int total, Map<StepStatus, Integer> countsByStatus, int optional, InstallPlanPhase phase,
        PlanVerdict verdict) {

    public PlanSummary {
        countsByStatus = Collections.unmodifiableMap(countsByStatus.isEmpty()
                ? new EnumMap<>(StepStatus.class) : new EnumMap<>(countsByStatus));
        Objects.requireNonNull(phase, "phase");
        Objects.requireNonNull(verdict, "verdict");
    }

    /** Summarises a plan. */
    public static PlanSummary of(InstallPlan plan) {
        Map<StepStatus, Integer> counts = new EnumMap<>(StepStatus.class);
        int optional = 0;
        for (Step step : plan.steps()) {
            counts.merge(step.status(), 1, Integer::sum);
            if (step.optional()) {
                optional++;
            }
        }
        return new PlanSummary(plan.steps().size(), counts, optional, plan.status().phase(),
                PlanVerdict.of(plan.steps()));
    }

    /** How many steps have this status. */
    public int count(StepStatus status) {
        return countsByStatus.getOrDefault(status, 0);
    }
}
