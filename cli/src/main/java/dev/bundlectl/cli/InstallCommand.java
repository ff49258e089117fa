package dev.bundlectl.cli;

import dev.bundlectl.executor.waiting.Blocking;
import dev.bundlectl.cluster.connect.ClusterConnection;
import dev.bundlectl.executor.apply.ApplySettings;
import dev.bundlectl.cluster.discovery.DiscoveryRetries;
import dev.bundlectl.executor.lock.LockHolders;
import dev.bundlectl.executor.lock.LockState;
import dev.bundlectl.executor.install.InstallOutcome;
import dev.bundlectl.executor.install.OperatorRunning;
import dev.bundlectl.executor.install.NewVersionRunning;
import dev.bundlectl.executor.apply.RemovalGate;
import dev.bundlectl.plan.model.PlanCondition;
import dev.bundlectl.plan.upgrade.UpgradeSteps;
import java.time.Clock;
import dev.bundlectl.executor.install.OwnershipPlan;
import dev.bundlectl.executor.install.ServerPreflight;
import dev.bundlectl.plan.model.StepStatus;
import dev.bundlectl.executor.install.InstallRejectedException;
import dev.bundlectl.executor.install.InstallRequest;
import dev.bundlectl.executor.install.InstallSession;
import dev.bundlectl.cluster.time.Scheduler;
import dev.bundlectl.executor.records.InstallRecordStore;
import dev.bundlectl.executor.records.SavedRecord;
import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.planned.PlannedInstall;
import dev.bundlectl.executor.planning.ClusterPlanning;
import dev.bundlectl.executor.planning.ClusterReading;
import dev.bundlectl.executor.planning.PlanTarget;
import dev.bundlectl.executor.records.PreviousInstall;
import dev.bundlectl.plan.model.InstallPlanPhase;
import dev.bundlectl.plan.PlanAnnotations;
import dev.bundlectl.plan.PlanVerdict;
import dev.bundlectl.plan.ProblemList;
import dev.bundlectl.plan.olm.ServedElsewhere;
import dev.bundlectl.plan.model.Step;
import dev.bundlectl.plan.UnservedApiHint;
import dev.bundlectl.plan.output.InstallPlanCodec;
import dev.bundlectl.plan.output.SecretRedaction;
import dev.bundlectl.source.catalog.CatalogBundle;
import dev.bundlectl.source.catalog.ChannelWalk;
import java.util.ArrayList;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
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

    /** How often a wait reads what it waits for: OLM moves a CSV on within a second of its Deployments. */
    private static final Duration WAIT_POLL = Duration.ofMillis(500);

    /** {@link #applyPlanned}'s answer when the lock kept the install from writing: plan again. */
    private static final int PLAN_AGAIN = Integer.MIN_VALUE;

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

    /** The lock as the last install found it when it could not take it. */
    private LockState lockedOut;

    @Option(names = {"-o", "--output"}, paramLabel = "FORMAT", defaultValue = "table",
            completionCandidates = CompletionCandidates.InstallFormats.class,
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
        BundleSourcing sourcing = new BundleSourcing(input.registry, err);
        PlannedInstall reviewedPlan = planFile != null
                ? new ReviewedPlan(diagnostics, err, sourcing).load(planFile,
                        input.directory == null ? null : sourcing.reference(input.directory.toString()).directory(),
                        allowEditedPlan)
                : null;
        if (planFile == null && input.catalog.given()) {
            return installChain(sourcing, sourcing.resolveChain(input), diagnostics, out, err);
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
        ReadInput read = prepared.input();
        try (ClusterConnection connection = prepared.connection()) {
            ClusterPlanning live = new ClusterPlanning(connection);
            String namespace = TargetNamespace.of(input.namespace, connection);
            LockWaiting locks = new LockWaiting(waitForLock, err);
            while (true) {
                // The cluster is read once per plan, here; the install takes its answers (the previous
                // install and so the first-install decision, the lock) and reads none of them again.
                ClusterReading reading;
                PlannedInstall planned;
                try {
                    if (reviewedPlan != null) {
                        reading = Blocking.result(live.readForReviewed(PlanTarget.of(reviewedPlan.plan(), namespace),
                                reviewedPlan, planFile.toString()));
                        Planning.report(reading, diagnostics, err);
                        PlanTarget target = PlanTarget.of(reviewedPlan.plan(), namespace);
                        planned = target.payload() ? reviewedPlan : new UpgradePlanning(live, err)
                                .checkReviewed(reviewedPlan, reading.previous(), target, planFile.toString(), input.force);
                    } else {
                        PlannedInput fresh = new Planning(diagnostics, new Planning.Live(live, err, discoveryPatience()))
                                .plan(input, read, namespace, () -> ApiSurfaceOptions.resolve(input.apiSurfaces, null));
                        reading = fresh.reading();
                        planned = fresh.result().planned();
                    }
                } catch (RuntimeException refused) {
                    return ForbiddenPlanning.report(refused, connection, packageOf(reviewedPlan, read), namespace,
                            read instanceof ReadInput.BundleDirectory bundle && !bundle.bundle().dependencies().isEmpty(),
                            err);
                }
                // Another operation holds the lock: refused at once, before anything is sent, or waited for.
                if (reading.lock() instanceof LockState.Held held && dryRun == DryRunMode.NONE) {
                    if (!locks.waitForFree(connection, held)) {
                        return LockWaiting.HELD;
                    }
                    continue;
                }
                int exit = applyPlanned(connection, planned, reading, namespace, waitForDeployments, out, err);
                if (exit != PLAN_AGAIN) {
                    return exit;
                }
                if (lockedOut instanceof LockState.Held held && !locks.waitForFree(connection, held)) {
                    return LockWaiting.HELD;
                }
            }
        }
    }

    /**
     * {@code --catalog}: the chosen bundle after the dependencies the cluster does not already meet,
     * resolved from the catalog, or, where its package is installed, each version along the channel
     * from the installed one ({@link ChannelWalk}).
     */
    private int installChain(BundleSourcing sourcing, CatalogChain chain, DiagnosticsPrinter diagnostics,
            PrintWriter out, PrintWriter err) {
        try (ClusterConnection connection = BackgroundConnection.openWhile(cluster, () -> null).connection()) {
            ClusterPlanning live = new ClusterPlanning(connection);
            String namespace = TargetNamespace.of(input.namespace, connection);
            List<SourcedInput> needed = chain.neededIn(live, namespace);
            ChannelWalk walk = CatalogWalking.of(connection, chain, namespace, input.force);
            if (!(walk instanceof ChannelWalk.Hops path) || path.hops().size() < 2) {
                return installInOrder(connection, live, namespace, needed, diagnostics, out, err);
            }
            err.println(CatalogWalking.line(chain, namespace, path));
            List<SourcedInput> dependencies = needed.subList(0, needed.size() - 1);
            if (!dependencies.isEmpty()) {
                int exit = installInOrder(connection, live, namespace, dependencies, diagnostics, out, err);
                if (exit != ExitCode.OK) {
                    return exit;
                }
            }
            List<CatalogBundle> hops = path.hops();
            List<SourcedInput> inputs = new ArrayList<>(sourcing.pull(hops.subList(0, hops.size() - 1)));
            inputs.add(needed.get(needed.size() - 1));
            return installHops(connection, live, namespace, hops, inputs, diagnostics, out, err);
        }
    }

    /**
     * Each hop of a catalog upgrade, planned against the cluster as the previous hop left it,
     * installed, and running (OLM: Succeeded, the replaced CSV gone; render mode: its Deployments
     * Available) before the next is planned; the first that does not stops the walk.
     */
    private int installHops(ClusterConnection connection, ClusterPlanning live, String namespace,
            List<CatalogBundle> hops, List<SourcedInput> inputs, DiagnosticsPrinter diagnostics, PrintWriter out,
            PrintWriter err) {
        for (int i = 0; i < inputs.size(); i++) {
            err.println("hop " + (i + 1) + " of " + inputs.size() + ": " + hops.get(i).name());
            ReadInput read = new Planning(diagnostics).read(input, inputs.get(i));
            PlannedInput planned = new Planning(diagnostics, new Planning.Live(live, err, discoveryPatience()))
                    .plan(input, read, namespace, () -> ApiSurfaceOptions.resolve(input.apiSurfaces, null));
            // The last hop waits only when asked to; every other one must run before the next starts.
            boolean untilRunning = i < inputs.size() - 1 || waitForDeployments;
            int exit = applyPlanned(connection, planned.result().planned(), planned.reading(), namespace,
                    untilRunning, out, err);
            if (exit == PLAN_AGAIN) {
                err.println("error: " + TerminalText.safe(lockedOut instanceof LockState.Held held ? held.describe()
                        : "another operation of " + hops.get(i).packageName() + " ran meanwhile")
                        + "; nothing of " + hops.get(i).name() + " was written");
                exit = LockWaiting.HELD;
            }
            if (exit != ExitCode.OK) {
                err.println("error: the upgrade stopped at " + hops.get(i).name() + "; installed before it: "
                        + (i == 0 ? "none" : String.join(", ", hops.subList(0, i).stream().map(CatalogBundle::name)
                                .toList())) + " (run the same install again to go on)");
                return exit;
            }
        }
        return ExitCode.OK;
    }

    /**
     * A dependency chain: every plan is made, and must be installable, before the first is
     * applied; then each is installed (and recorded) in turn, its CRDs established before the next
     * starts. A failure stops the chain and says which bundles are installed; a re-run converges.
     */
    private int installInOrder(ClusterConnection connection, ClusterPlanning live, String namespace,
            List<SourcedInput> needed, DiagnosticsPrinter diagnostics, PrintWriter out, PrintWriter err) {
        List<PlannedInput> plans = new ChainPlanning(new Planning(diagnostics,
                new Planning.Live(live, err, discoveryPatience()))).plan(input, needed, namespace,
                        () -> ApiSurfaceOptions.resolve(input.apiSurfaces, null));
        List<String> names = plans.stream().map(planned -> planned.result().plan().spec()
                .clusterServiceVersionNames().get(0)).toList();
        if (plans.size() > 1) {
            err.println("installing " + plans.size() + " bundles in order: " + String.join(", ", names));
        }
        for (int i = 0; i < plans.size(); i++) {
            PlannedInput planned = plans.get(i);
            if (!planned.result().verdict().installable()) {
                ChainOutput.print(plans.stream().map(p -> SecretRedaction.redact(p.result().plan())).toList(),
                        output == OutputFormat.JSONL ? OutputFormat.TABLE : output, out);
                err.println("error: bundle " + names.get(i) + " cannot succeed on this cluster; nothing was "
                        + "applied");
                planned.result().verdict().reasons().forEach(reason -> err.println("  "
                        + TerminalText.safe(reason)));
                return ExitCode.PLAN_FAILED;
            }
        }
        for (int i = 0; i < plans.size(); i++) {
            PlannedInput planned = plans.get(i);
            int exit = applyPlanned(connection, planned.result().planned(), planned.reading(), namespace,
                    waitForDeployments, out, err);
            if (exit == PLAN_AGAIN) {
                // A chain's plans were made together, so a lock taken meanwhile stops it: its re-run converges.
                err.println("error: " + TerminalText.safe(lockedOut instanceof LockState.Held held ? held.describe()
                        : "another operation of " + names.get(i) + " ran while the chain was planned")
                        + "; nothing of " + names.get(i) + " was written");
                exit = LockWaiting.HELD;
            }
            if (exit != ExitCode.OK) {
                if (plans.size() > 1) {
                    err.println("error: the chain stopped at " + names.get(i) + "; installed before it: "
                            + (i == 0 ? "none" : String.join(", ", names.subList(0, i)))
                            + "; not started: " + (i == plans.size() - 1 ? "none"
                                    : String.join(", ", names.subList(i + 1, plans.size())))
                            + " (run the same install again to go on)");
                }
                return exit;
            }
        }
        return ExitCode.OK;
    }

    /**
     * Checks the plan's verdict, installs it (preflight first) and, with --wait, waits until it
     * runs; the exit code says how it ended.
     */
    private int applyPlanned(ClusterConnection connection, PlannedInstall planned, ClusterReading reading,
            String namespace, boolean untilRunning, PrintWriter out, PrintWriter err) {
        InstallPlan plan = planned.plan();
        Optional<String> servedElsewhere = ServedElsewhere.of(plan);
        if (servedElsewhere.isPresent()) {
            // The operator already serves the namespace from another: not even a record is written.
            printDocument(SecretRedaction.redact(plan), out);
            err.println("nothing written: " + TerminalText.safe(servedElsewhere.get()));
            return ExitCode.OK;
        }
        PlanVerdict verdict = PlanVerdict.of(plan.steps());
        if (!verdict.installable()) {
            printDocument(SecretRedaction.redact(plan), out);
            err.println("error: the plan cannot succeed on this cluster; nothing was applied");
            verdict.reasons().forEach(reason -> err.println("  " + TerminalText.safe(reason)));
            UnservedApiHint.of(plan.steps()).ifPresent(hint -> err.println("  " + hint));
            return ExitCode.PLAN_FAILED;
        }
        InstallOutcome outcome = install(connection, planned, reading, namespace, untilRunning, out, err);
        if (outcome.locked()) {
            // Nothing was written: another operation holds the lock, or ran since this plan was made.
            lockedOut = outcome.lockedOut();
            return PLAN_AGAIN;
        }
        if (outcome.forbidden() && dryRun == DryRunMode.NONE) {
            printDocument(SecretRedaction.redact(outcome.plan()), out);
            printMissingAccess(outcome, err);
            return ExitCode.PLAN_FAILED;
        }
        boolean ownedByOthers = OwnershipPlan.refused(outcome.plan()) && dryRun == DryRunMode.NONE;
        if (ServerPreflight.refused(outcome.plan()) || ownedByOthers) {
            printDocument(SecretRedaction.redact(outcome.plan()), out);
            err.println(ownedByOthers && !ServerPreflight.refused(outcome.plan())
                    ? "error: other installs own objects this plan would change; nothing was written"
                    : "error: the server refused the plan in preflight (a server-side dry run of every step); "
                            + "nothing was written");
            outcome.plan().steps().stream().filter(step -> step.status() == StepStatus.FAILED)
                    .forEach(step -> err.println("  " + step.resource().displayName() + ": "
                            + TerminalText.safe(ProblemList.brief(step.message()))));
            return ExitCode.PLAN_FAILED;
        }
        boolean complete = outcome.plan().status().phase() == InstallPlanPhase.COMPLETE;
        Optional<PlanCondition> running = outcome.plan().condition(OperatorRunning.TYPE);
        if (!complete || !untilRunning || dryRun != DryRunMode.NONE || running.isPresent()) {
            printResult(outcome, out, err);
            if (complete && running.isPresent() && untilRunning && dryRun == DryRunMode.NONE) {
                err.println(runningLine(outcome.plan(), running.get()));
            }
            if (outcome.forbidden()) {
                printMissingAccess(outcome, err);
            }
            if (!complete && running.isPresent()) {
                // An upgrade whose new version did not run: the old one keeps what it had.
                err.println("error: " + TerminalText.safe(outcome.plan().status().message()) + "; "
                        + outcome.plan().metadata().annotations().getOrDefault(UpgradeSteps.UPGRADE_FROM_ANNOTATION,
                                "the previous version") + " keeps everything it had");
            }
            return complete && !outcome.forbidden() ? ExitCode.OK : ExitCode.PLAN_FAILED;
        }
        RemovalGate.Answer answer = Blocking.result(runningWait(connection, waitTimeout, err).await(outcome.plan()));
        if (answer.condition() == null) {
            printResult(outcome, out, err);
            err.println("--wait: no Deployments were rendered from the CSV (csv-mode "
                    + outcome.plan().metadata().annotations().getOrDefault(PlanAnnotations.CSV_MODE, "olm")
                    + "); with OLM, the operator's Deployments are OLM's to roll out");
            return ExitCode.OK;
        }
        printResult(new InstallOutcome(outcome.plan().withCondition(answer.condition()), outcome.record(),
                outcome.firstInstall(), outcome.warnings()), out, err);
        if (answer instanceof RemovalGate.Answer.Closed closed) {
            err.println("error: " + TerminalText.safe(closed.why()));
            return ExitCode.PLAN_FAILED;
        }
        err.println(runningLine(outcome.plan(), answer.condition()));
        return ExitCode.OK;
    }

    /** {@code operator running: NS/CSV Succeeded …}, or the Deployments' count in render mode. */
    private static String runningLine(InstallPlan plan, PlanCondition running) {
        return "operator running: " + OperatorRunning.csvStep(plan)
                .map(csv -> csv.resource().namespace() + "/" + csv.resource().name() + " ").orElse("")
                + TerminalText.safe(running.message());
    }

    /**
     * What {@code --wait} waits for, and what an upgrade's removals wait behind: the new version
     * running, its progress printed as it goes.
     */
    private NewVersionRunning runningWait(ClusterConnection connection, Duration wait, PrintWriter err) {
        return new NewVersionRunning(connection.vertx(), connection.api(), Scheduler.system(), WAIT_POLL, wait,
                Clock.systemUTC(), line -> {
                    synchronized (err) {
                        err.println(TerminalText.safe(line));
                        err.flush();
                    }
                });
    }

    /** The package a reviewed plan or a read bundle installs, for messages. */
    private static String packageOf(PlannedInstall reviewedPlan, ReadInput read) {
        if (reviewedPlan != null) {
            return reviewedPlan.plan().metadata().annotations().getOrDefault(PlanAnnotations.PACKAGE,
                    reviewedPlan.plan().metadata().name());
        }
        return read instanceof ReadInput.BundleDirectory bundle ? bundle.bundle().packageName() : "the payload";
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
                || !input.optionalApis.isEmpty())) {
            throw new UserInputException("--plan-file applies the reviewed plan as it is: capability, payload, "
                    + "--api-surface and --optional-api options belong to '" + spec.root().name() + " plan'");
        }
        // A malformed --optional-api is invalid input, found before the kubeconfig is read.
        input.optionalApiRules();
        if (concurrency < 1) {
            throw new UserInputException("--concurrency must be at least 1, not " + concurrency);
        }
    }

    private InstallOutcome install(ClusterConnection connection, PlannedInstall planned, ClusterReading reading,
            String targetNamespace, boolean untilRunning, PrintWriter out, PrintWriter err) {
        InstallPlan plan = planned.plan();
        ApplySettings options = ApplySettings.builder()
                .concurrency(concurrency)
                .crdTimeout(crdTimeout)
                .timeout(timeout)
                .dryRunServer(dryRun == DryRunMode.SERVER)
                .forceConflicts(forceConflicts)
                .preflight(!noPreflight)
                // An upgrade removes what only the old version had once the new one runs: waited for
                // with --wait, else looked at once, and kept for a later install when it does not run yet.
                .removalGate(runningWait(connection, untilRunning && dryRun == DryRunMode.NONE ? waitTimeout
                        : Duration.ZERO, err))
                .build();
        String namespace = plan.metadata().namespace() != null && planFile != null ? plan.metadata().namespace()
                : targetNamespace;
        String packageName = plan.metadata().annotations().getOrDefault(PlanAnnotations.PACKAGE, plan.metadata().name());
        String bundlePath = plan.metadata().annotations().get(PlanAnnotations.BUNDLE_PATH);
        InstallRequest request = new InstallRequest(namespace, createNamespace, packageName, bundlePath, options,
                Instant.now(), takeOwnership, LockHolders.thisProcess());
        InstallRecordStore store = new InstallRecordStore(connection.retryingApi());
        boolean progressToStdout = output == OutputFormat.TABLE || output == OutputFormat.JSONL;
        ProgressPrinter progress = new ProgressPrinter(progressToStdout ? out : err, output == OutputFormat.JSONL,
                plan.steps().size());
        try {
            return progress.printUntil(new InstallSession(connection, store).run(planned, request, reading.previous(),
                    reading.lock(), progress));
        } catch (InstallRejectedException e) {
            throw new UserInputException(e.getMessage());
        }
    }

    /** What the acting identity lacks, one line each, after the headline. */
    private static void printMissingAccess(InstallOutcome outcome, PrintWriter err) {
        err.println("error: " + TerminalText.safe(outcome.missingAccess().headline()));
        outcome.missingAccess().lines().forEach(line -> err.println("  " + TerminalText.safe(line)));
    }

    private void printResult(InstallOutcome outcome, PrintWriter out, PrintWriter err) {
        printDocument(withRecordName(SecretRedaction.redact(outcome.plan()), outcome.record()), out);
        outcome.warnings().forEach(warning -> err.println("warning: " + TerminalText.safe(warning)));
        if (outcome.record() != null) {
            err.println("install record: " + outcome.record().namespace() + "/" + outcome.record().name()
                    + " (see: " + spec.root().name() + " status -n " + outcome.record().namespace() + " " + outcome.record().name() + ")");
        } else {
            err.println("dry run: nothing was persisted and no install record was written");
        }
        out.flush();
    }

    /** The final plan (redacted) in the output format: a document, or the table; jsonl printed its events. */
    private void printDocument(InstallPlan redacted, PrintWriter out) {
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
