package dev.bundlectl.cli;

import dev.bundlectl.plan.payload.ExcludedManifest;
import java.io.PrintWriter;
import java.util.List;

/** The payload manifests that inclusion checks left out of a plan ({@code --show-excluded}). */
final class ExcludedTable {

    private ExcludedTable() {
    }

    static void print(List<ExcludedManifest> excluded, PrintWriter out) {
        out.println();
        if (excluded.isEmpty()) {
            out.println("No manifests were left out by --profile, --feature-set or --exclude-id.");
            return;
        }
        out.println("Left out of the plan (" + excluded.size() + "):");
        TextTable table = new TextTable(List.of("FILE", "KIND", "NAME", "RULE", "REASON"));
        for (ExcludedManifest manifest : excluded) {
            table.row(List.of(manifest.manifest().source().toString(), manifest.manifest().kind(),
                    manifest.manifest().name(), manifest.rule().toString(), manifest.reason()));
        }
        table.print(out);
    }
}
