package dev.bundlectl.cli;

import dev.bundlectl.plan.PlanResult;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code bundlectl template}: the objects an install would write, as manifests for a GitOps engine. */
@Command(addMethodSubcommands = false,
        name = "template",
        sortOptions = false,
        description = "Print the objects an install of DIR|IMAGE would write, fully rendered, as a YAML stream in plan "
                + "order, for Argo CD, Flux or kustomize to apply. It plans as 'plan' does (same options; with "
                + "--kubeconfig against that cluster, read only). Objects the plan leaves NotCreated (an optional API "
                + "not served, a capability excluded) are left out and listed, with the reason, in a header comment. "
                + "Objects carry app.kubernetes.io/name, /version and /managed-by labels and no bundlectl owner mark "
                + "or install record: the engine owns them. Secret values are written as the bundle has them. "
                + "With --catalog C --package P (and --version or --version-range), the catalog's choice and the "
                + "dependencies it resolves to, dependencies first.",
        footerHeading = "%nExamples:%n",
        footer = {
            "  ${ROOT-COMMAND-NAME} template samples/bundles/cachebox-operator --csv-mode render -n cachebox",
            "  ${ROOT-COMMAND-NAME} template samples/bundles/cachebox-operator --csv-mode render -o dir=out/cachebox",
            "  ${ROOT-COMMAND-NAME} template samples/bundles/cachebox-operator --csv-mode olm --argocd",
            "  ${ROOT-COMMAND-NAME} template --catalog CATALOG --package P --version-range '>=1.2 <2' -n ops",
            "  ${ROOT-COMMAND-NAME} template --recursive CATALOG_DIR -o dir=rendered    # every bundle below, one process",
            "",
            "Exit codes: 0 printed, 3 predicted to fail (nothing printed), 2 invalid input, 1 other errors.",
        })
final class TemplateCommand implements Callable<Integer> {

    private static final String DIR_PREFIX = "dir=";

    @Spec
    private CommandSpec spec;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help message and exit.")
    private boolean help;

    @Mixin
    private PlanInputOptions input;

    @Mixin
    private ClusterOptions cluster;

    @Option(names = {"-o", "--output"}, paramLabel = "stream|dir=OUT", defaultValue = "stream",
            description = "stream (default): one YAML stream on stdout. dir=OUT: one file per object in OUT "
                    + "(NNN-kind-name.yaml) and a kustomization.yaml listing them in order.")
    private String output;

    @Option(names = {"-r", "--recursive"},
            description = "Template every bundle below DIR (offline, as plan --recursive plans them), each into "
                    + "OUT/<its path below DIR>; needs -o dir=OUT.")
    private boolean recursive;

    @Option(names = "--argocd",
            description = "Annotate argocd.argoproj.io/sync-wave: CRDs -1, the operator 0, the bundle's custom "
                    + "resources 1, so that Argo CD keeps the install's order.")
    private boolean argocd;

    @Option(names = "--managed-by", paramLabel = "ENGINE", defaultValue = "gitops",
            description = "The app.kubernetes.io/managed-by label's value (default: ${DEFAULT-VALUE}).")
    private String managedBy;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Path directory = outputDirectory();
        if (recursive) {
            if (directory == null || input.directory == null || input.catalog.given() || cluster.given()) {
                throw new UserInputException("--recursive DIR templates every bundle below DIR offline into "
                        + "-o dir=OUT; give both, and no --catalog or cluster");
            }
            return new TemplateTree(input, result -> TemplatePlan.of(result.plan(), managedBy, argocd), err)
                    .run(input.directory, directory);
        }
        List<PlanResult> results = new ArrayList<>();
        if (input.catalog.given()) {
            // The catalog's choice and its dependencies, dependencies first, as plan --catalog plans them.
            CatalogChainPlanning.Plans chain = CatalogChainPlanning.plan(input, cluster, new DiagnosticsPrinter(err),
                    err);
            if (chain.walkRefused()) {
                return ExitCode.PLAN_FAILED;
            }
            chain.plans().forEach(planned -> results.add(planned.result()));
        } else {
            if (input.directory == null) {
                throw new UserInputException("template needs DIR or IMAGE (a bundle directory or image), "
                        + "or --catalog C --package P");
            }
            PlannedInput planned = OneBundlePlanning.plan(input, cluster, new DiagnosticsPrinter(err), err);
            if (planned.payload()) {
                throw new UserInputException(input.directory + ": template renders a bundle, not a release payload");
            }
            results.add(planned.result());
        }
        List<String> reasons = results.stream().flatMap(result -> result.verdict().reasons().stream()).toList();
        if (results.stream().anyMatch(result -> !result.verdict().installable())) {
            err.println("error: the plan is predicted to fail, so nothing is templated:");
            reasons.forEach(reason -> err.println("  " + TerminalText.safe(reason)));
            err.flush();
            return ExitCode.PLAN_FAILED;
        }
        TemplatePlan template = TemplatePlan.join(results.stream()
                .map(result -> TemplatePlan.of(result.plan(), managedBy, argocd)).toList());
        if (directory != null) {
            TemplateOutput.writeDirectory(template, directory);
            err.println("wrote " + template.objects().size() + " objects and kustomization.yaml to " + directory);
        } else {
            TemplateOutput.print(template, out);
        }
        return ExitCode.OK;
    }

    /** {@code -o dir=OUT}'s directory, null for the stream; anything else is one line naming it. */
    private Path outputDirectory() {
        if ("stream".equals(output)) {
            return null;
        }
        if (output.startsWith(DIR_PREFIX) && output.length() > DIR_PREFIX.length()) {
            return Path.of(output.substring(DIR_PREFIX.length()));
        }
        throw new UserInputException("-o " + output + ": expected stream or dir=OUT");
    }
}
