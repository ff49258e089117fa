package dev.bundlectl.cli;

import dev.bundlectl.plan.PlanNames;
import dev.bundlectl.plan.api.ApiSurface;
import dev.bundlectl.plan.api.ApiSurfaces;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code bundlectl plan DIR DIR…} and {@code plan --recursive ROOT}: plans many bundles in one
 * process, offline. The options are checked and resolved once (namespace, API surface, optional
 * APIs, the capabilities file) and every bundle is planned with them; a bad option is invalid
 * input before any bundle is read, a bad bundle is that bundle's verdict.
 */
final class BatchPlanRun {

    private final PlanInputOptions input;
    private final OutputFormat output;
    private final PrintWriter out;
    private final PrintWriter err;

    BatchPlanRun(PlanInputOptions input, OutputFormat output, PrintWriter out, PrintWriter err) {
        this.input = input;
        this.output = output;
        this.out = out;
        this.err = err;
    }

    /**
     * Plans the directories (each a bundle) or, with {@code recursive}, every bundle below them.
     *
     * @return the exit code: 0 all installable, 3 any predicted to fail, 2 any invalid (2 wins over 3)
     */
    int run(List<Path> directories, boolean recursive) {
        if (output != OutputFormat.TABLE && output != OutputFormat.JSONL) {
            throw new UserInputException("-o " + output.name().toLowerCase() + " prints one InstallPlan; "
                    + "several bundles print as -o table (the default) or -o jsonl");
        }
        if (input.payload.given()) {
            throw new UserInputException("--profile, --feature-set, --exclude-id and --show-excluded apply to one "
                    + "release-payload directory; several directories are planned as bundles");
        }
        String namespace = TargetNamespace.offline(input.namespace);
        PlanNames.namespaceProblem(namespace).ifPresent(problem -> {
            throw new UserInputException("-n " + namespace + ": " + problem);
        });
        input.optionalApiRules();
        DiagnosticsPrinter diagnostics = new DiagnosticsPrinter(err);
        PlanInputOptions resolved = input.forDirectory(null);
        resolved.capabilities = input.capabilities.withFileRead(diagnostics);
        ApiSurface surface = ApiSurfaceOptions.resolve(input.apiSurfaces, ApiSurfaces.builtIn());
        List<Path> bundles = recursive ? found(directories) : directories;

        BatchTally tally = new BatchTally();
        BatchPrinter printer = output == OutputFormat.JSONL ? new BatchJsonLines(out) : new BatchTable(out);
        BundleJudge judge = new BundleJudge(resolved, namespace, surface);
        BatchPlanner.perCore(judge::judge).planAll(bundles, result -> {
            BundleSummary summary = result.summary();
            summary.warnings().forEach(warning -> err.println(TerminalText.safe(summary.path()) + ": " + warning));
            printer.bundle(result);
            tally.add(summary);
        });
        printer.finish(tally);
        err.flush();
        return tally.exitCode();
    }

    /** Every bundle below the roots, in walk order; a root with none is invalid input. */
    private List<Path> found(List<Path> roots) {
        List<Path> bundles = new ArrayList<>();
        for (Path root : roots) {
            bundles.addAll(BundleTree.bundlesBelow(root, err));
        }
        return bundles;
    }
}
