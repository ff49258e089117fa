package dev.bundlectl.cli;

import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.model.PlanDependency;
import dev.bundlectl.plan.PlanSummary;
import dev.bundlectl.plan.model.Step;
import dev.bundlectl.plan.model.StepStatus;
import java.io.PrintWriter;
import dev.bundlectl.plan.upgrade.UpgradeSteps;
import java.util.ArrayList;
import java.util.List;

/** The plan as a table: one row per step, then a summary line. */
final class PlanTable {

    private static final List<String> HEADERS = List.of("#", "KIND", "NAME", "NAMESPACE", "OPTIONAL", "STATUS", "MESSAGE");
    private static final int ACTION_COLUMN = 6;
    private static final List<String> UPGRADE_HEADERS =
            List.of("#", "KIND", "NAME", "NAMESPACE", "OPTIONAL", "STATUS", "ACTION", "MESSAGE");

    private static final List<String> DEPENDENCY_HEADERS = List.of("DEPENDENCY", "STATUS", "MESSAGE");

    private PlanTable() {
    }

    /** An empty table with the step columns, for plans and for recorded installs alike. */
    static TextTable stepTable() {
        return new TextTable(HEADERS);
    }

    /** One step's row: its 1-based number, kind, name, namespace ({@code -} for none), optional, status, message. */
    static List<String> stepRow(int number, String kind, String name, String namespace, boolean optional,
            StepStatus status, String message) {
        return List.of(Integer.toString(number), kind, name, namespace == null ? "-" : namespace,
                optional ? "yes" : "no", status.wireName(), message == null ? "" : message);
    }

    static void print(InstallPlan plan, PrintWriter out) {
        List<Step> steps = plan.steps();
        // An upgrade's plan says what each step does; other plans keep their columns.
        boolean actions = steps.stream().anyMatch(step -> step.action() != null);
        TextTable table = actions ? new TextTable(UPGRADE_HEADERS) : stepTable();
        for (int i = 0; i < steps.size(); i++) {
            Step step = steps.get(i);
            // Rendered objects sit under the CSV they came from.
            String kind = step.parent() == null ? step.resource().kind() : "└ " + step.resource().kind();
            List<String> row = stepRow(i + 1, kind, step.resource().name(), step.resource().namespace(),
                    step.optional(), step.status(), step.message());
            if (actions) {
                row = new ArrayList<>(row);
                row.add(ACTION_COLUMN, step.action() == null ? "-" : step.action().wireName());
            }
            table.row(row);
        }
        table.print(out);
        printDependencies(plan, out);
        out.println();
        out.println(TerminalText.safe(summaryLine(plan)));
    }

    /** The bundle's dependencies and their statuses, under the steps; nothing when it has none. */
    private static void printDependencies(InstallPlan plan, PrintWriter out) {
        List<PlanDependency> dependencies = plan.status().dependencies();
        if (dependencies.isEmpty()) {
            return;
        }
        out.println();
        TextTable table = new TextTable(DEPENDENCY_HEADERS);
        for (PlanDependency dependency : dependencies) {
            table.row(List.of(dependency.describe(), dependency.status().wireName(),
                    dependency.message() == null ? "" : dependency.message()));
        }
        table.print(out);
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
        UpgradeSteps.line(plan).ifPresent(upgrade -> line.append(line.charAt(line.length() - 1) == '.' ? " " : ". ")
                .append(Character.toUpperCase(upgrade.charAt(0))).append(upgrade.substring(1)).append('.'));
        return line.toString();
    }
}
