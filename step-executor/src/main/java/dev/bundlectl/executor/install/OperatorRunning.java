package dev.bundlectl.executor.install;

import dev.bundlectl.plan.CsvMode;
import dev.bundlectl.plan.PlanAnnotations;
import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.model.Step;
import dev.bundlectl.plan.model.StepStatus;
import dev.bundlectl.plan.model.PlanCondition;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The {@code OperatorRunning} condition: whether the installed operator runs, as the wait found
 * it (docs/semantics.md §6). Kept apart from the plan's phase, which says only that the steps were
 * applied: {@code True} when OLM reports {@code Succeeded}, {@code False} when it reports
 * {@code Failed} or the wait ran out, {@code Unknown} when the CSV could not be read. The reason is
 * OLM's own.
 */
public final class OperatorRunning {

    /** The condition's type. */
    public static final String TYPE = "OperatorRunning";

    private OperatorRunning() {
    }

    /**
     * The CSV step that OLM acts on: the CSV of a plan not in render mode, unless the plan left it
     * out or it failed; empty otherwise
     * (render mode's operator is its rendered Deployments).
     */
    public static Optional<Step> csvStep(InstallPlan plan) {
        if (CsvMode.RENDER.wireName().equals(plan.metadata().annotations().get(PlanAnnotations.CSV_MODE))) {
            return Optional.empty();
        }
        return plan.steps().stream()
                .filter(step -> step.resource().groupKind().isCsv())
                // Applied (Created, Present), or to be (a fresh plan of what is installed): not one left out.
                .filter(step -> step.status() != StepStatus.NOT_CREATED && step.status() != StepStatus.FAILED
                        && step.status() != StepStatus.UNSUPPORTED_RESOURCE)
                .findFirst();
    }

    /** The condition for this outcome, stamped {@code now}. */
    public static PlanCondition condition(CsvWaitOutcome outcome, Instant now) {
        String time = now.toString();
        CsvPhase last = outcome.last();
        if (outcome instanceof CsvWaitOutcome.Unreadable unreadable) {
            return new PlanCondition(TYPE, "Unknown", "CsvUnreadable", unreadable.error(), time);
        }
        String reason = last.reason().isEmpty() ? null : last.reason();
        if (outcome.running()) {
            return new PlanCondition(TYPE, "True", reason, last.line(), time);
        }
        String prefix = outcome instanceof CsvWaitOutcome.TimedOut ? "not Succeeded within the wait: " : "";
        return new PlanCondition(TYPE, "False", reason == null ? "WaitTimedOut" : reason, prefix + last.line(), time);
    }
}
