package dev.bundlectl.cli;

import dev.bundlectl.plan.InstallPlan;
import dev.bundlectl.plan.PlanSummary;
import dev.bundlectl.plan.Step;
import java.io.PrintWriter;
import java.util.List;

/** The plan as a table: one row per step, then a summary line. */
final class PlanTable {

    private static final List<String> HEADERS = List.of("#", "KIND", "NAME", "NAMESPACE", "OPTIONAL", "STATUS", "MESSAGE");

    private PlanTable() {
    }

    static void print(InstallPlan plan, PrintWriter out) {
        TextTable table = new TextTable(HEADERS);
        List<Step> steps = plan.steps();
        for (int i = 0; i < steps.size(); i++) {
            Step step = steps.get(i);
            table.row(List.of(
                    Integer.toString(i + 1),
                    // Rendered objects sit under the CSV they came from.
                    step.parent() == null ? step.resource().kind() : "└ " + step.resource().kind(),
                    step.resource().name(),
                    step.resource().namespace() == null ? "-" : step.resource().namespace(),
                    step.optional() ? "yes" : "no",
                    step.status().wireName(),
                    step.message() == null ? "" : step.message()));
        }
        table.print(out);
        out.println();
        out.println(summaryLine(plan));
    }

    /** e.g. {@code 14 steps (3 optional): 11 Unknown, 3 NotCreated. Phase RequiresApproval: installable.} */
    static String summaryLine(InstallPlan plan) {
        PlanSummary summary = PlanSummary.of(plan);
        String counts = StepCounts.text(summary.countsByStatus());
        StringBuilder line = new StringBuilder()
                .append(summary.total()).append(summary.total() == 1 ? " step" : " steps")
                .append(" (").append(summary.optional()).append(" optional): ")
                .append(counts).append(". Phase ").append(summary.phase().wireName());
        if (plan.status().message() != null) {
            line.append(": ").append(plan.status().message());
        }
        return line.toString();
    }
}
