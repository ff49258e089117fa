package dev.bundlectl.cli;

import dev.bundlectl.plan.model.PlanDependency;
import java.util.List;
import java.util.Objects;

/**
 * What a batch keeps of one planned bundle: a line of the summary, never the plan itself, so that
 * a catalog of any size is planned in bounded memory.
 *
 * @param path the bundle directory as the user named it (or as found below the root)
 * @param packageName the bundle's package, or null when it could not be read
 * @param csvName the ClusterServiceVersion the plan installs, or null when it could not be read
 * @param verdict what the plan predicts
 * @param reasons why it is not installable, one line each (a blocking step, an input error); empty
 *     when installable. Raw text: printers escape it for their medium.
 * @param warnings the warnings met while reading and planning it, one line each as
 *     {@link DiagnosticsPrinter} writes them (already escaped for the terminal)
 * @param dependencies the bundle's dependencies with their statuses, in its order; empty when it
 *     declares none or could not be planned
 */
record BundleSummary(String path, String packageName, String csvName, BatchVerdict verdict, List<String> reasons,
        List<String> warnings, List<PlanDependency> dependencies) {

    /** A summary without dependencies. */
    BundleSummary(String path, String packageName, String csvName, BatchVerdict verdict, List<String> reasons,
            List<String> warnings) {
        this(path, packageName, csvName, verdict, reasons, warnings, List.of());
    }

    BundleSummary {
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(verdict, "verdict");
        reasons = List.copyOf(reasons);
        warnings = List.copyOf(warnings);
        dependencies = dependencies == null ? List.of() : List.copyOf(dependencies);
    }
}
