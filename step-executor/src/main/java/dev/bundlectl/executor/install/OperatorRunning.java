package dev.bundlectl.executor.install;

import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.model.PlanCondition;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

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

    /** The plan with this condition added to its status (replacing an earlier one of the type). */
    public static InstallPlan on(InstallPlan plan, PlanCondition condition) {
        List<PlanCondition> conditions = new ArrayList<>();
        plan.status().conditions().stream().filter(existing -> !TYPE.equals(existing.type())).forEach(conditions::add);
        conditions.add(condition);
        InstallPlan.Status status = plan.status();
        return plan.withStatus(new InstallPlan.Status(status.phase(), conditions, status.plan(), status.startTime(),
                status.completionTime(), status.message(), status.capabilities()));
    }
}
