package dev.bundlectl.cli;

import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.output.InstallPlanCodec;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * Prints the plans of a dependency chain in install order: one plan as it always prints; several
 * as tables under a header each, as YAML documents separated by {@code ---}, or as a JSON
 * {@code List}.
 */
final class ChainOutput {

    private ChainOutput() {
    }

    /** Prints {@code plans} (already redacted) in {@code format}. */
    static void print(List<InstallPlan> plans, OutputFormat format, PrintWriter out) {
        switch (format) {
            case YAML -> {
                List<String> documents = new ArrayList<>();
                plans.forEach(plan -> documents.add(InstallPlanCodec.toYaml(plan)));
                out.print(String.join("---\n", documents));
            }
            case JSON -> {
                if (plans.size() == 1) {
                    out.print(InstallPlanCodec.toJson(plans.get(0)));
                } else {
                    List<String> items = new ArrayList<>();
                    plans.forEach(plan -> items.add(InstallPlanCodec.toJson(plan).strip()));
                    out.println("{\"apiVersion\":\"v1\",\"kind\":\"List\",\"items\":[" + String.join(",", items) + "]}");
                }
            }
            default -> {
                for (int i = 0; i < plans.size(); i++) {
                    if (plans.size() > 1) {
                        out.println((i == 0 ? "" : "\n") + "bundle " + (i + 1) + " of " + plans.size() + ": "
                                + String.join(", ", plans.get(i).spec().clusterServiceVersionNames()) + (i < plans.size() - 1
                                        ? " (a dependency)" : ""));
                    }
                    PlanTable.print(plans.get(i), out);
                }
            }
        }
        out.flush();
    }
}
