package dev.bundlectl.cli;

import dev.bundlectl.plan.planned.PlannedInstall;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code bundlectl install}: plan against the live cluster, then apply. */
@Command(addMethodSubcommands = false,
        name = "install",
        sortOptions = false,
        description = "Install a bundle into a cluster. CRDs are created first and must be established before anything else; existing objects are updated; optional manifests whose API is missing or forbidden end NotCreated with the API's reason; transient API errors are retried. Every install is recorded in the namespace (see 'bundlectl status'). Nothing is applied when the input is invalid or the plan cannot succeed. A release-payload directory is applied in run-level order. Without capability options an OpenShift cluster's own ClusterVersion capabilities apply; an excluded object that already exists enables its capability, and a capability an earlier install enabled cannot be disabled.",
        footerHeading = "%nExamples:%n",
        footer = {
            "  ${ROOT-COMMAND-NAME} install samples/bundles/cachebox-operator -n cachebox --create-namespace",
            "  ${ROOT-COMMAND-NAME} install samples/bundles/cachebox-operator -n cachebox --dry-run=server",
            "  ${ROOT-COMMAND-NAME} plan samples/bundles/cachebox-operator -n cachebox -o yaml > plan.yaml   # review it",
            "  ${ROOT-COMMAND-NAME} install --plan-file plan.yaml                                            # apply exactly it",
            "  ${ROOT-COMMAND-NAME} install quay.io/org/op-bundle:v1.2.3 -n ops                               # a bundle image",
            "  ${ROOT-COMMAND-NAME} install --catalog CATALOG --package cachebox-operator -n ops             # a catalog's channel head",
            "",
            "Exit codes: 0 Complete, 3 Failed, predicted to fail (nothing applied) or --wait not running, 2 invalid input, 1 other errors (e.g. unreachable cluster).",
        })
final class InstallCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help message and exit.")
    private boolean help;

    @Mixin
    private PlanInputOptions input;

    @Mixin
    private ClusterOptions cluster;

    @Option(names = "--plan-file", paramLabel = "FILE",
            description = "Apply exactly this reviewed plan (from '${ROOT-COMMAND-NAME} plan -o yaml'). DIR is then only "
                    + "needed to restore redacted Secret values.")
    private Path planFile;

    @Option(names = "--create-namespace", description = "Create the namespace if it does not exist.")
    private boolean createNamespace;

    @Option(names = "--dry-run", paramLabel = "MODE", defaultValue = "none", completionCandidates = CompletionCandidates.DryRunModes.class,
            description = "server: the API server validates every write (dryRun=All) and nothing persists. "
                    + "Default: ${DEFAULT-VALUE}.")
    private DryRunMode dryRun;

    @Option(names = "--allow-edited-plan",
            description = "With --plan-file: apply the plan even if it differs from a fresh plan of its bundle, or "
                    + "cannot be checked against it; the differences are printed first.")
    private boolean allowEditedPlan;

    @Option(names = "--no-preflight",
            description = "Skip the preflight: by default every step is first sent as a server-side dry run "
                    + "(dryRun=All), and nothing is written when the server refuses one. For trusted bundles, at the "
                    + "cost of a half-applied install if the server refuses a step; the install record says it was "
                    + "skipped.")
    private boolean noPreflight;

    @Option(names = "--take-ownership",
            description = "Take over the objects another install owns (another package's, or the same package's "
                    + "with other content) instead of refusing them; that install's record is told it lost them.")
    private boolean takeOwnership;

    @Option(names = "--wait-for-lock", paramLabel = "D", arity = "0..1", fallbackValue = "5m",
            converter = DurationConverter.class,
            description = "When another operation of the package holds its lock in the namespace, wait up to D "
                    + "(default when given: ${FALLBACK-VALUE}) for it to end, instead of being refused at once.")
    private Duration waitForLock;

    @Option(names = "--force-conflicts",
            description = "Server-side apply takes over fields that another field manager owns, instead of failing "
                    + "the step with the conflict.")
    private boolean forceConflicts;

    @Option(names = "--timeout", paramLabel = "D", defaultValue = "5m", converter = DurationConverter.class,
            description = "Deadline for the whole install, retries included (default: ${DEFAULT-VALUE}).")
    private Duration timeout;

    @Option(names = "--crd-timeout", paramLabel = "D", defaultValue = "60s", converter = DurationConverter.class,
            description = "How long each CRD may take to become Established (default: ${DEFAULT-VALUE}).")
    private Duration crdTimeout;

    @Option(names = "--concurrency", paramLabel = "N", defaultValue = "8",
            description = "Steps applied at once after the CRDs (default: ${DEFAULT-VALUE}).")
    private int concurrency;

    @Option(names = "--wait",
            description = "After a Complete install, wait until the operator runs: in OLM mode until OLM reports the "
                    + "CSV Succeeded (OLM's phase, reason and message are printed as they change; on Failed or at the "
                    + "deadline its unmet requirements), in render mode until the Deployments rendered from the CSV "
                    + "are Available; exit 3 if it does not run.")
    private boolean waitForDeployments;

    @Option(names = "--wait-timeout", paramLabel = "D", defaultValue = "5m", converter = DurationConverter.class,
            description = "How long --wait waits (default: ${DEFAULT-VALUE}).")
    private Duration waitTimeout;

    @Option(names = {"-o", "--output"}, paramLabel = "FORMAT", defaultValue = "table",
            completionCandidates = CompletionCandidates.InstallFormats.class,
            description = "table (live progress and a final table), yaml or json (the final InstallPlan), or "
                    + "jsonl (one JSON event per step transition, for CI). Default: ${DEFAULT-VALUE}.")
    private OutputFormat output;

    /**
     * Checks the input, then installs a catalog's chain ({@link CatalogInstall}) or one bundle,
     * payload or reviewed plan ({@link SingleInstall}); both install through the same ordering as
     * the controller (docs/architecture.md, "One install ordering").
     */
    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        validateFlags();
        DiagnosticsPrinter diagnostics = new DiagnosticsPrinter(err);
        InstallFlags flags = new InstallFlags(createNamespace, dryRun, noPreflight, takeOwnership, forceConflicts,
                timeout, crdTimeout, concurrency, waitForDeployments, waitTimeout, output, planFile != null,
                spec.root().name());
        // A reviewed plan is checked offline, before the kubeconfig is read: a tampered one never
        // opens a connection.
        BundleSourcing sourcing = new BundleSourcing(input.registry, err);
        PlannedInstall reviewedPlan = planFile != null
                ? new ReviewedPlan(diagnostics, err, sourcing).load(planFile,
                        input.directory == null ? null : sourcing.reference(input.directory.toString()).directory(),
                        allowEditedPlan)
                : null;
        if (planFile == null && input.catalog.given()) {
            return new CatalogInstall(new InstallContext(input, flags, diagnostics, out, err)).install(cluster,
                    sourcing, sourcing.resolveChain(input));
        }
        // An image is pulled (or a catalog read) before the kubeconfig is read, like every input check.
        SourcedInput source = planFile == null ? sourcing.resolve(input) : null;
        // The bundle is read and checked while the connection is set up, and before it is used.
        BackgroundConnection.Prepared<ReadInput> prepared = BackgroundConnection.openWhile(cluster,
                () -> source == null ? null : new Planning(diagnostics).read(input, source),
                read -> {
                    if (read != null) {
                        read.prepareForPlanning();
                    }
                });
        return new SingleInstall(new InstallContext(input, flags, diagnostics, out, err)).install(prepared,
                reviewedPlan, planFile, waitForLock);
    }

    private void validateFlags() {
        if (planFile != null && input.catalog.given()) {
            throw new UserInputException("--plan-file applies the reviewed plan as it is; --catalog, --package, "
                    + "--channel and --version belong to 'bundlectl plan'");
        }
        if (planFile == null && !input.inputGiven()) {
            throw new UserInputException("install needs DIR (a bundle or payload directory) or --plan-file FILE");
        }
        if (allowEditedPlan && planFile == null) {
            throw new UserInputException("--allow-edited-plan goes with --plan-file FILE");
        }
        if (planFile != null && (input.capabilities.given() || input.payload.given() || !input.apiSurfaces.isEmpty()
                || !input.optionalApis.isEmpty() || input.config.given())) {
            throw new UserInputException("--plan-file applies the reviewed plan as it is: capability, payload, "
                    + "--api-surface, --optional-api and operator configuration options belong to '"
                    + spec.root().name() + " plan'");
        }
        // A malformed --optional-api is invalid input, found before the kubeconfig is read.
        input.optionalApiRules();
        if (concurrency < 1) {
            throw new UserInputException("--concurrency must be at least 1, not " + concurrency);
        }
    }
}
