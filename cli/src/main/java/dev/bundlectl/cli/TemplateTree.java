package dev.bundlectl.cli;

import dev.bundlectl.plan.PlanResult;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;

/**
 * {@code template --recursive ROOT -o dir=OUT}: every bundle below ROOT templated in one process,
 * offline, as {@code plan --recursive} plans them, each into {@code OUT/<its path below ROOT>}. A
 * bundle that cannot be templated (invalid, or predicted to fail) is one line on stderr and the
 * rest go on; the exit status is {@code plan --recursive}'s: 0 when every bundle was templated,
 * 2 when any is invalid, else 3 when any is predicted to fail.
 */
final class TemplateTree {

    private final PlanInputOptions input;
    private final Function<PlanResult, TemplatePlan> templating;
    private final PrintWriter err;

    /**
     * @param input the planning options every bundle is planned with
     * @param templating a plan's template, with the command's labels and waves
     * @param err where each bundle's line and the summary go
     */
    TemplateTree(PlanInputOptions input, Function<PlanResult, TemplatePlan> templating, PrintWriter err) {
        this.input = input;
        this.templating = templating;
        this.err = err;
    }

    /** Templates every bundle below {@code root} into {@code out}; the exit status. */
    int run(Path root, Path out) {
        List<Path> bundles = BundleTree.bundlesBelow(root, err);
        int templated = 0;
        int invalid = 0;
        int failing = 0;
        DiagnosticsPrinter diagnostics = new DiagnosticsPrinter(err);
        for (Path bundle : bundles) {
            String name = root.relativize(bundle).toString();
            try {
                PlannedInput planned = new Planning(diagnostics).plan(input.forDirectory(bundle),
                        TargetNamespace.offline(input.namespace), () -> ApiSurfaceOptions.resolve(input.apiSurfaces, null));
                PlanResult result = planned.result();
                if (planned.payload() || !result.verdict().installable()) {
                    failing++;
                    err.println(TerminalText.safe(name) + ": not templated: " + TerminalText.safe(planned.payload()
                            ? "a release payload, not a bundle" : String.join("; ", result.verdict().reasons())));
                    continue;
                }
                TemplateOutput.writeDirectory(templating.apply(result), out.resolve(name.isEmpty() ? "." : name));
                templated++;
            } catch (UserInputException e) {
                invalid++;
                err.println(TerminalText.safe(name) + ": invalid: " + TerminalText.safe(String.join("; ", e.problems())));
            }
        }
        err.println(bundles.size() + " bundles: " + templated + " templated into " + out + ", "
                + failing + " predicted to fail, " + invalid + " invalid");
        err.flush();
        return invalid > 0 ? ExitCode.INVALID_INPUT : failing > 0 ? ExitCode.PLAN_FAILED : ExitCode.OK;
    }
}
