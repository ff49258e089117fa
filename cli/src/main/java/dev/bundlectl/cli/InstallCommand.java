package dev.bundlectl.cli;

import dev.bundlectl.executor.connect.ClusterConnection;
import dev.bundlectl.executor.apply.ApplySettings;
import dev.bundlectl.executor.discovery.DiscoveryRetries;
import dev.bundlectl.executor.install.DeploymentReadiness;
import dev.bundlectl.executor.install.DeploymentWait;
import dev.bundlectl.executor.install.InstallOutcome;
import dev.bundlectl.executor.install.InstallRejectedException;
import dev.bundlectl.executor.install.InstallRequest;
import dev.bundlectl.executor.install.InstallSession;
import dev.bundlectl.executor.time.Scheduler;
import dev.bundlectl.executor.records.InstallRecordStore;
import dev.bundlectl.executor.records.SavedRecord;
import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.model.InstallPlanPhase;
import dev.bundlectl.plan.PlanAnnotations;
import dev.bundlectl.plan.PlanVerdict;
import dev.bundlectl.plan.model.Step;
import dev.bundlectl.plan.UnservedApiHint;
import dev.bundlectl.plan.output.InstallPlanCodec;
import dev.bundlectl.plan.output.SecretRedaction;
import dev.bundlectl.plan.RenderedDeployments;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code bundlectl install}: plan against the live cluster, then apply. */
@Command(
        mixinStandardHelpOptions = true,
        name = "install",
        sortOptions = false,
        description = "Install a bundle into a cluster. CRDs are created first and must be established before anything else; existing objects are updated; optional manifests whose API is missing or forbidden end NotCreated with the API's reason; transient API errors are retried. Every install is recorded in the namespace (see 'bundlectl status'). Nothing is applied when the input is invalid or the plan cannot succeed. A release-payload directory is applied in run-level order. Without capability options an OpenShift cluster's own ClusterVersion capabilities apply; an excluded object that already exists enables its capability, and a capability an earlier install enabled cannot be disabled.",
        footerHeading = "%nExamples:%n",
        footer = {
            "  bundlectl install samples/bundles/cachebox-operator -n cachebox --create-namespace",
            "  bundlectl install samples/bundles/cachebox-operator -n cachebox --dry-run=server",
            "  bundlectl plan samples/bundles/cachebox-operator -n cachebox -o yaml > plan.yaml   # review it",
            "  bundlectl install --plan-file plan.yaml                                            # apply exactly it",
            "",
            "Exit codes: 0 Complete, 3 Failed, predicted to fail (nothing applied) or --wait not Available, 2 invalid input, 1 other errors (e.g. unreachable cluster).",
        })
final class InstallCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Mixin
    private PlanInputOptions input;

    @Mixin
    private ClusterOptions cluster;

    @Option(names = "--plan-file", paramLabel = "FILE",
            description = "Apply exactly this reviewed plan (from 'bundlectl plan -o yaml'). DIR is then only "
                    + "needed to restore redacted Secret values.")
    private Path planFile;

    @Option(names = "--create-namespace", description = "Create the namespace if it does not exist.")
    private boolean createNamespace;

    @Option(names = "--dry-run", paramLabel = "MODE", defaultValue = "none",
            description = "server: the API server validates every write (dryRun=All) and nothing persists. "
                    + "Default: ${DEFAULT-VALUE}.")
    private DryRunMode dryRun;

    @Option(names = "--allow-edited-plan",
            description = "With --plan-file: apply the plan even if it differs from a fresh plan of its bundle, or "
                    + "cannot be checked against it; the differences are printed first.")
    private boolean allowEditedPlan;

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
            description = "After a Complete install, wait for the Deployments rendered from the CSV (--csv-mode render) "
                    + "to become Available, and report each one; exit 3 if one does not.")
    private boolean waitForDeployments;

    @Option(names = "--wait-timeout", paramLabel = "D", defaultValue = "5m", converter = DurationConverter.class,
            description = "How long --wait waits (default: ${DEFAULT-VALUE}).")
    private Duration waitTimeout;

    @Option(names = {"-o", "--output"}, paramLabel = "FORMAT", defaultValue = "table",
            description = "table (live progress and a final table), yaml or json (the final InstallPlan), or "
                    + "jsonl (one JSON event per step transition, for CI). Default: ${DEFAULT-VALUE}.")
    private OutputFormat output;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        validateFlags();
        DiagnosticsPrinter diagnostics = new DiagnosticsPrinter(err);
        // A reviewed plan is checked offline, before the kubeconfig is read: a tampered one never
        // opens a connection.
        InstallPlan reviewedPlan = planFile != null
                ? new ReviewedPlan(diagnostics, err).load(planFile, input.directory, allowEditedPlan)
                : null;
        try (ClusterConnection connection = cluster.open()) {
            ClusterCapabilities live = new ClusterCapabilities(connection, err);
            String namespace = TargetNamespace.of(input.namespace, connection);
            InstallPlan plan = reviewedPlan != null
                    ? reviewed(live, reviewedPlan, namespace, diagnostics)
                    : new Planning(diagnostics, live).plan(input, namespace,
                            () -> ApiSurfaceOptions.resolveOrLive(input.apiSurfaces, connection, discoveryPatience()))
                            .result().plan();
            PlanVerdict verdict = PlanVerdict.of(plan.steps());
            if (!verdict.installable()) {
                PlanTable.print(SecretRedaction.redact(plan), out);
                err.println("error: the plan cannot succeed on this cluster; nothing was applied");
                verdict.reasons().forEach(reason -> err.println("  " + TerminalText.safe(reason)));
                UnservedApiHint.of(plan.steps()).ifPresent(hint -> err.println("  " + hint));
                return ExitCode.PLAN_FAILED;
            }
            InstallOutcome outcome = install(connection, plan, namespace, out, err);
            printResult(outcome, out, err);
            if (outcome.plan().status().phase() != InstallPlanPhase.COMPLETE) {
                return ExitCode.PLAN_FAILED;
            }
            return waitForDeployments && dryRun == DryRunMode.NONE && !awaitDeployments(connection, outcome.plan(), err)
                    ? ExitCode.PLAN_FAILED : ExitCode.OK;
        }
    }

    /**
     * How long planning retries a failing discovery: within --timeout, and no longer than the
     * default, since a group/version that stays down only matters to the steps that use it (they
     * retry it again until the deadline).
     */
    private Duration discoveryPatience() {
        return timeout.compareTo(DiscoveryRetries.DEFAULT_PATIENCE) < 0 ? timeout : DiscoveryRetries.DEFAULT_PATIENCE;
    }

    private void validateFlags() {
        if (planFile == null && input.directory == null) {
            throw new UserInputException("install needs DIR (a bundle or payload directory) or --plan-file FILE");
        }
        if (allowEditedPlan && planFile == null) {
            throw new UserInputException("--allow-edited-plan goes with --plan-file FILE");
        }
        if (planFile != null && (input.capabilities.given() || input.payload.given() || !input.apiSurfaces.isEmpty()
                || !input.optionalApis.isEmpty())) {
            throw new UserInputException("--plan-file applies the reviewed plan as it is: capability, payload, "
                    + "--api-surface and --optional-api options belong to 'bundlectl plan'");
        }
        // A malformed --optional-api is invalid input, found before the kubeconfig is read.
        input.optionalApiRules();
        if (concurrency < 1) {
            throw new UserInputException("--concurrency must be at least 1, not " + concurrency);
        }
    }

    private InstallPlan reviewed(ClusterCapabilities live, InstallPlan plan, String namespace,
            DiagnosticsPrinter diagnostics) {
        ClusterCapabilities.Target target = ClusterCapabilities.Target.of(plan, namespace);
        InstallPlan checked = live.checkReviewed(plan, target, planFile.toString(), diagnostics);
        return target.payload() ? checked
                : new UpgradePlanning(live).checkReviewed(checked, target, planFile.toString(), input.force);
    }

    private InstallOutcome install(ClusterConnection connection, InstallPlan plan, String targetNamespace,
            PrintWriter out, PrintWriter err) {
        ApplySettings options = ApplySettings.builder()
                .concurrency(concurrency)
                .crdTimeout(crdTimeout)
                .timeout(timeout)
                .dryRunServer(dryRun == DryRunMode.SERVER)
                .forceConflicts(forceConflicts)
                .build();
        String namespace = plan.metadata().namespace() != null && planFile != null ? plan.metadata().namespace()
                : targetNamespace;
        String packageName = plan.metadata().annotations().getOrDefault(PlanAnnotations.PACKAGE, plan.metadata().name());
        String bundlePath = plan.metadata().annotations().get(PlanAnnotations.BUNDLE_PATH);
        InstallRequest request = new InstallRequest(namespace, createNamespace, packageName, bundlePath, options,
                Instant.now());
        InstallRecordStore store = new InstallRecordStore(connection.retryingApi());
        boolean progressToStdout = output == OutputFormat.TABLE || output == OutputFormat.JSONL;
        ProgressPrinter progress = new ProgressPrinter(progressToStdout ? out : err, output == OutputFormat.JSONL,
                plan.steps().size());
        try {
            return progress.printUntil(new InstallSession(connection, store).run(plan, request, progress));
        } catch (InstallRejectedException e) {
            throw new UserInputException(e.getMessage());
        }
    }

    /** Waits for the rendered Deployments; true when every one became Available. */
    private boolean awaitDeployments(ClusterConnection connection, InstallPlan plan, PrintWriter err) {
        List<Step> deployments = RenderedDeployments.of(plan);
        if (deployments.isEmpty()) {
            err.println("--wait: no Deployments were rendered from the CSV (csv-mode "
                    + plan.metadata().annotations().getOrDefault(PlanAnnotations.CSV_MODE, "olm")
                    + "); with OLM, the operator's Deployments are OLM's to roll out");
            return true;
        }
        err.println("waiting up to " + waitTimeout.toSeconds() + "s for " + deployments.size() + " Deployment(s) to become Available");
        List<DeploymentReadiness> results = Await.result(new DeploymentWait(connection.vertx(), connection.api(),
                Scheduler.system(), Duration.ofSeconds(2)).await(deployments, waitTimeout, ready -> { }));
        results.forEach(result -> err.println(result.line()));
        return results.stream().allMatch(DeploymentReadiness::available);
    }

    private void printResult(InstallOutcome outcome, PrintWriter out, PrintWriter err) {
        InstallPlan redacted = withRecordName(SecretRedaction.redact(outcome.plan()), outcome.record());
        switch (output) {
            case YAML -> out.print(InstallPlanCodec.toYaml(redacted));
            case JSON -> out.println(InstallPlanCodec.toJson(redacted));
            case TABLE -> {
                out.println();
                PlanTable.print(redacted, out);
            }
            default -> {
                // jsonl: the events were the output.
            }
        }
        outcome.warnings().forEach(warning -> err.println("warning: " + TerminalText.safe(warning)));
        if (outcome.record() != null) {
            err.println("install record: " + outcome.record().namespace() + "/" + outcome.record().name()
                    + " (see: bundlectl status -n " + outcome.record().namespace() + " " + outcome.record().name() + ")");
        } else {
            err.println("dry run: nothing was persisted and no install record was written");
        }
        out.flush();
    }

    /** The plan naming its install record ({@link PlanAnnotations#INSTALL_RECORD}); unchanged for a dry run. */
    private static InstallPlan withRecordName(InstallPlan plan, SavedRecord record) {
        if (record == null) {
            return plan;
        }
        Map<String, String> annotations = new LinkedHashMap<>(plan.metadata().annotations());
        annotations.put(PlanAnnotations.INSTALL_RECORD, record.namespace() + "/" + record.name());
        return new InstallPlan(new InstallPlan.Metadata(plan.metadata().name(), plan.metadata().namespace(),
                annotations), plan.spec(), plan.status());
    }
}
