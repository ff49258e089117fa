package dev.bundlectl.bench.install;

import dev.bundlectl.bundle.Bundle;
import dev.bundlectl.bundle.BundleReadResult;
import dev.bundlectl.bundle.read.BundleReader;
import dev.bundlectl.bundle.Diagnostic;
import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.InstallPlanner;
import dev.bundlectl.plan.PlanRequest;
import dev.bundlectl.plan.PlanResult;
import dev.bundlectl.plan.api.ApiSurfaces;
import java.nio.file.Path;
import java.util.stream.Collectors;

/**
 * Reads a bundle and plans it exactly as {@code bundlectl install} would against the built-in API
 * surface, insisting that every object will be sent: a benchmark that silently skipped objects
 * would measure a smaller install than it claims.
 */
public final class BenchPlan {

    private BenchPlan() {
    }

    /**
     * The plan for the bundle at {@code bundleDir} into {@code namespace}.
     *
     * @throws IllegalStateException with the reader's or planner's reasons when the bundle cannot
     *     be read, is predicted to fail, or has steps that would not be sent
     */
    public static InstallPlan of(Path bundleDir, String namespace) {
        BundleReadResult read = new BundleReader().read(bundleDir);
        if (read.bundle().isEmpty()) {
            throw new IllegalStateException("the benchmark bundle " + bundleDir + " could not be read: "
                    + read.diagnostics().errors().stream().map(Diagnostic::toString).collect(Collectors.joining("; ")));
        }
        Bundle bundle = read.bundle().get();
        PlanResult result = new InstallPlanner().plan(bundle,
                PlanRequest.of(namespace, ApiSurfaces.builtIn(), bundleDir.toString()));
        if (!result.verdict().installable()) {
            throw new IllegalStateException("the benchmark bundle is predicted to fail: " + result.verdict());
        }
        InstallPlan plan = result.plan();
        int sent = SentSteps.of(plan).size();
        if (sent != bundle.manifests().size()) {
            throw new IllegalStateException("only " + sent + " of the bundle's " + bundle.manifests().size()
                    + " objects would be sent");
        }
        return plan;
    }
}
