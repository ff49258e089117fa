package dev.bundlectl.cli;

import dev.bundlectl.plan.api.ApiSurface;
import dev.bundlectl.plan.api.ApiSurfaces;
import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.PlanResult;
import dev.bundlectl.plan.output.InstallPlanCodec;
import dev.bundlectl.plan.output.SecretRedaction;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code bundlectl plan}: the offline dry-run. */
@Command(addMethodSubcommands = false,
        name = "plan",
        sortOptions = false,
        description = "Print the InstallPlan an install would carry out, without touching a cluster: every step in order, which steps are optional, and which would end NotCreated and why. DIR is a bundle, or a directory of release-payload manifests (CVO style, planned in run-level order). Several DIRs, or --recursive ROOT, plan many bundles in one run and print one summary line each. With --kubeconfig or --context the plan is made against that cluster, read only: what it serves, its ClusterVersion capabilities (when no capability option is given), objects that already exist, and earlier installs.",
        footerHeading = "%nExamples:%n",
        footer = {
            "  ${ROOT-COMMAND-NAME} plan samples/bundles/cachebox-operator",
            "  ${ROOT-COMMAND-NAME} plan samples/bundles/cachebox-operator -n cachebox -o yaml",
            "  ${ROOT-COMMAND-NAME} plan DIR --api-surface samples/api-surfaces/kind-with-prometheus.txt",
            "  ${ROOT-COMMAND-NAME} plan samples/bundles/dashboard-operator --disable-capability Console",
            "  ${ROOT-COMMAND-NAME} plan PAYLOAD_DIR --capabilities-file samples/capabilities/hypershift-no-image-registry.yaml",
            "  ${ROOT-COMMAND-NAME} plan PAYLOAD_DIR --profile self-managed-high-availability --show-excluded",
            "  ${ROOT-COMMAND-NAME} plan PAYLOAD_DIR -n demo --kubeconfig ~/.kube/config   # against a live cluster",
            "  ${ROOT-COMMAND-NAME} plan quay.io/org/op-bundle:v1.2.3 -n ops -o yaml        # a bundle image",
            "  ${ROOT-COMMAND-NAME} plan samples/bundles/cachebox-operator-v0.4.0 -n ops --kubeconfig ~/.kube/config -o diff   # what an upgrade changes",
            "  ${ROOT-COMMAND-NAME} plan --catalog CATALOG_DIR --package cachebox-operator  # the channel head of a catalog",
            "  ${ROOT-COMMAND-NAME} plan --recursive CATALOG_DIR -o jsonl --api-surface kubernetes   # every bundle below",
            "",
            "Exit codes: 0 installable, 3 predicted to fail, 2 invalid input, 1 other errors (e.g. unreachable cluster).",
            "Several bundles: 0 if all are installable, else 2 if any is invalid, else 3.",
            "-o diff: the same codes (differences are not an error, unlike kubectl diff's 1); its summary goes to stderr.",
        })
final class PlanCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help message and exit.")
    private boolean help;


    @Mixin
    private PlanInputOptions input;

    @Mixin
    private ClusterOptions cluster;

    @Parameters(index = "1..*", arity = "0..*", paramLabel = "DIR",
            description = "More bundle directories: each is planned offline and summarised on one line.")
    private List<Path> moreDirectories = new ArrayList<>();

    @Option(names = {"-r", "--recursive"},
            description = "Plan every bundle below each DIR (a directory with manifests/ and metadata/; hidden "
                    + "directories and links out of DIR are skipped), offline, in one run.")
    private boolean recursive;

    @Option(names = {"-o", "--output"}, paramLabel = "FORMAT", defaultValue = "table",
            completionCandidates = CompletionCandidates.PlanFormats.class,
            description = "table, yaml, json or diff (default: ${DEFAULT-VALUE}). yaml and json print one InstallPlan "
                    + "document. diff (with --kubeconfig or --context) prints what installing the plan would change, "
                    + "as a unified diff of each object: the live object against the server-side dry run of the "
                    + "install's write, server-set fields and status left out, Secret values redacted; created and "
                    + "deleted objects whole. With several bundles: table, or jsonl for one JSON summary line per "
                    + "bundle.")
    private PlanFormat output;

    @Option(names = "--diff-brief",
            description = "With -o diff: name the objects an install would create or delete, one line each, "
                    + "instead of showing them whole.")
    private boolean diffBrief;

    @Option(names = "--installer-rbac", paramLabel = "NAME",
            description = "Print, instead of the plan, the ServiceAccount NAME in the plan's namespace and the least "
                    + "RBAC (a Role, a ClusterRole and their bindings) with which it can install, upgrade to and "
                    + "uninstall this bundle there, as YAML for kubectl apply. Against a cluster (--kubeconfig) an "
                    + "upgrade's deletions are included.")
    private String installerRbac;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (installerRbac != null) {
            InstallerRbacOutput.check(installerRbac);
            if (recursive || !moreDirectories.isEmpty() || input.catalog.given()) {
                throw new UserInputException("--installer-rbac writes the RBAC of one bundle: give one DIR or image "
                        + "(for a catalog's bundles, plan each by its image)");
            }
        }
        if (!input.inputGiven()) {
            throw new UserInputException("plan needs DIR: a bundle or release-payload directory");
        }
        checkDiffFlags();
        if (recursive || !moreDirectories.isEmpty()) {
            return batch(out, err);
        }
        if (output == PlanFormat.JSONL) {
            throw new UserInputException("-o jsonl is for install progress and for several bundles (DIR DIR... or "
                    + "--recursive); one plan prints table, yaml or json");
        }
        if (input.catalog.given()) {
            return planChain(out, err);
        }
        if (output == PlanFormat.DIFF) {
            return OneBundlePlanning.planOnCluster(input, cluster, new DiagnosticsPrinter(err), err,
                    (planned, connection, namespace) -> PlanDiffOutput.print(planned, connection, namespace, diffBrief,
                            out, err));
        }
        PlannedInput planned = plan(new DiagnosticsPrinter(err), err);
        PlanResult result = planned.result();
        if (installerRbac != null) {
            if (planned.payload()) {
                throw new UserInputException("--installer-rbac writes the RBAC of a bundle, not of a release payload");
            }
            ApiSurface surface = planned.reading() != null ? planned.reading().served()
                    : Optional.ofNullable(ApiSurfaceOptions.resolve(input.apiSurfaces, null)).orElseGet(ApiSurfaces::builtIn);
            InstallerRbacOutput.print(result, surface, installerRbac, spec.root().name() + " " + String.join(" ",
                    spec.commandLine().getParseResult().originalArgs()), out, err);
            if (!result.verdict().installable()) {
                err.println("error: the plan cannot succeed on this cluster, so neither can an install with this RBAC");
                result.verdict().reasons().forEach(reason -> err.println("  " + TerminalText.safe(reason)));
                return ExitCode.PLAN_FAILED;
            }
            return ExitCode.OK;
        }
        print(SecretRedaction.redact(result.plan()), out);
        if (input.payload.showExcluded) {
            PrintWriter target = output == PlanFormat.TABLE ? out : err;
            ExcludedTable.print(planned.filteredOut(), target);
        }
        return result.verdict().installable() ? ExitCode.OK : ExitCode.PLAN_FAILED;
    }

    /** Many bundles: offline, one summary each. */
    private int batch(PrintWriter out, PrintWriter err) {
        if (cluster.given()) {
            throw new UserInputException("several bundles (or --recursive) are planned offline; "
                    + "--kubeconfig and --context plan one DIR against a cluster");
        }
        // One operator configuration for every bundle: a bad one is refused once, before any bundle is read.
        input.config.choice(new DiagnosticsPrinter(err));
        List<Path> directories = new ArrayList<>();
        directories.add(input.directory);
        directories.addAll(moreDirectories);
        return new BatchPlanRun(input, output.document(), out, err).run(directories, recursive);
    }

    /** Offline by default; against the cluster when one is named. */
    private PlannedInput plan(DiagnosticsPrinter diagnostics, PrintWriter err) {
        return OneBundlePlanning.plan(input, cluster, diagnostics, err);
    }

    /**
     * {@code --catalog}: the chosen bundle and the dependencies resolved for it from the catalog,
     * each planned as if those before it were installed; exit 3 when any one cannot succeed.
     */
    private int planChain(PrintWriter out, PrintWriter err) {
        CatalogChainPlanning.Plans chain = CatalogChainPlanning.plan(input, cluster, new DiagnosticsPrinter(err), err);
        List<PlannedInput> plans = chain.plans();
        ChainOutput.print(plans.stream().map(planned -> SecretRedaction.redact(planned.result().plan())).toList(),
                output.document(), out);
        return !chain.walkRefused() && plans.stream().allMatch(planned -> planned.result().verdict().installable())
                ? ExitCode.OK : ExitCode.PLAN_FAILED;
    }

    /**
     * {@code -o diff} compares one bundle's plan with the cluster it is planned against: refused,
     * before anything is read, without a cluster, with several bundles or a catalog's chain.
     */
    private void checkDiffFlags() {
        if (diffBrief && output != PlanFormat.DIFF) {
            throw new UserInputException("--diff-brief goes with -o diff");
        }
        if (output != PlanFormat.DIFF) {
            return;
        }
        if (!cluster.given()) {
            throw new UserInputException("-o diff compares the plan with the live objects: give --kubeconfig or "
                    + "--context");
        }
        if (recursive || !moreDirectories.isEmpty() || input.catalog.given() || installerRbac != null) {
            throw new UserInputException("-o diff shows what installing one bundle would change: give one DIR or "
                    + "image, without --recursive, --catalog or --installer-rbac");
        }
    }

    private void print(InstallPlan plan, PrintWriter out) {
        switch (output) {
            case YAML -> out.print(InstallPlanCodec.toYaml(plan));
            case JSON -> out.print(InstallPlanCodec.toJson(plan));
            default -> PlanTable.print(plan, out);
        }
        out.flush();
    }
}
