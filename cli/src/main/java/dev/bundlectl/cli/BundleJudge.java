package dev.bundlectl.cli;

import dev.bundlectl.plan.PlanAnnotations;
import dev.bundlectl.plan.PlanVerdict;
import dev.bundlectl.plan.api.ApiSurface;
import dev.bundlectl.plan.model.InstallPlan;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;

/**
 * Plans one bundle of a batch, offline, exactly as {@code bundlectl plan DIR} would, and keeps
 * only its {@link BundleSummary}. Safe to call from several threads: every call has its own
 * reader, planner and diagnostics; the options and the API surface are only read.
 */
final class BundleJudge {

    private final PlanInputOptions options;
    private final String namespace;
    private final ApiSurface surface;

    /**
     * @param options the command line's options, checked once already (their directory is ignored)
     * @param namespace the target namespace, checked once already
     * @param surface the API surface, resolved once for the whole batch
     */
    BundleJudge(PlanInputOptions options, String namespace, ApiSurface surface) {
        this.options = options;
        this.namespace = namespace;
        this.surface = surface;
    }

    /** The summary of planning {@code directory}; never throws for a bad bundle. */
    BundleSummary judge(Path directory) {
        String path = directory.toString();
        StringWriter warnings = new StringWriter();
        DiagnosticsPrinter diagnostics = new DiagnosticsPrinter(new PrintWriter(warnings));
        if (!InputDirectories.isBundle(directory)) {
            return new BundleSummary(path, null, null, BatchVerdict.INVALID, List.of(path
                    + ": not a bundle (expected manifests/ and metadata/); several directories are planned as bundles"),
                    List.of());
        }
        try {
            PlannedInput planned = new Planning(diagnostics).forVerdicts().plan(options.forDirectory(directory), namespace,
                    () -> surface);
            // A summary shows the steps' messages, never their manifests, and redaction changes only
            // manifests (SecretRedaction): redacting every plan cost 2.5 % of a catalog run for nothing.
            InstallPlan plan = planned.result().plan();
            PlanVerdict verdict = PlanVerdict.of(plan.steps());
            List<String> csvNames = plan.spec().clusterServiceVersionNames();
            return new BundleSummary(path, plan.metadata().annotations().get(PlanAnnotations.PACKAGE),
                    csvNames.isEmpty() ? null : String.join(",", csvNames),
                    verdict.installable() ? BatchVerdict.INSTALLABLE : BatchVerdict.PREDICTED_TO_FAIL,
                    verdict.reasons(), lines(warnings), plan.status().dependencies());
        } catch (UserInputException invalid) {
            return new BundleSummary(path, null, null, BatchVerdict.INVALID, invalid.problems(), lines(warnings));
        } catch (RuntimeException unexpected) {
            // One bundle that could not be judged must not hide the verdicts of the others.
            String message = unexpected.getMessage() == null ? unexpected.getClass().getSimpleName()
                    : unexpected.getMessage();
            return new BundleSummary(path, null, null, BatchVerdict.ERROR, List.of(message), lines(warnings));
        }
    }

    private static List<String> lines(StringWriter written) {
        String text = written.toString();
        return text.isEmpty() ? List.of() : text.lines().toList();
    }
}
