package dev.bundlectl.cli;

import dev.bundlectl.cluster.connect.ClusterConnection;
import dev.bundlectl.cluster.discovery.DiscoveryRetries;
import dev.bundlectl.executor.lock.LockState;
import dev.bundlectl.executor.pipeline.InstallPipeline;
import dev.bundlectl.executor.records.InstallRecord;
import dev.bundlectl.executor.records.InstallRecordStore;
import dev.bundlectl.executor.records.RecordEntry;
import dev.bundlectl.executor.rollback.RollbackTarget;
import dev.bundlectl.executor.rollback.RollbackVerdict;
import dev.bundlectl.executor.waiting.Blocking;
import dev.bundlectl.plan.model.PlanCondition;
import dev.bundlectl.plan.output.SecretRedaction;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.Comparator;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code bundlectl rollback}: go back to an earlier version of a package in a namespace, from the
 * source and with the options its install record kept (docs/semantics.md §9, "Rollbacks"). The
 * version comes from the history ({@link RollbackTarget}), the bundle from its recorded source
 * ({@link RecordedBundle}); it is planned against the cluster as {@code install --force} plans it,
 * so that the rollback checks run on its CRDs before anything is written; the plan and what it
 * would change are shown; then, unless {@code --dry-run}, it is installed through the same
 * {@link PlanInstall} as {@code install}.
 */
@Command(addMethodSubcommands = false,
        mixinStandardHelpOptions = true,
        name = "rollback",
        sortOptions = false,
        description = "Go back to an earlier version of a package in a namespace: the previous version in its history that was installed Complete, or the one --to names. The bundle comes from the source its install record kept (an image by the digest it resolved to, from the cache or its registry; a directory, which must still hold that version), planned with the options it was installed with. Before anything is written its CRDs must keep every version the cluster has stored objects in, and every live custom resource must validate against the older schema. The plan and what it would change are shown first; --dry-run stops there. With OLM the older CSV replaces the newer one, as OLM replaces any CSV; in render mode it is an upgrade in reverse, with the same deferred removals. The history records the rollback.",
        footerHeading = "%nExamples:%n",
        footer = {
            "  ${ROOT-COMMAND-NAME} rollback --package cachebox-operator -n ops --dry-run     # the plan, the checks, the diff",
            "  ${ROOT-COMMAND-NAME} rollback --package cachebox-operator -n ops --wait",
            "  ${ROOT-COMMAND-NAME} rollback --package cachebox-operator -n ops --to 0.3.0",
            "",
            "Exit codes: 0 rolled back (or, with --dry-run, it would be), 3 refused by the rollback checks or the install Failed, 2 invalid input (no earlier version, a source that is gone), 1 other errors (e.g. unreachable cluster).",
        })
final class RollbackCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Option(names = "--package", paramLabel = "PKG", required = true, description = "The package to roll back.")
    private String packageName;

    @Option(names = {"-n", "--namespace"}, paramLabel = "NS",
            description = "The install namespace (default: the kubeconfig context's namespace, else 'default').")
    private String namespace;

    @Option(names = "--to", paramLabel = "VERSION",
            description = "Go back to this version (or CSV name) of the history instead of the previous one.")
    private String to;

    @Option(names = "--dry-run", description = "Show the plan, the rollback checks and the diff, and write nothing.")
    private boolean dryRun;

    @Option(names = "--diff-brief",
            description = "Name created and deleted objects on one line each instead of showing them whole.")
    private boolean diffBrief;

    @Option(names = "--wait",
            description = "Wait until the older version runs: with OLM until it reports the older CSV Succeeded and "
                    + "has removed the newer one; in render mode until its Deployments are Available. Exit 3 if it "
                    + "does not run.")
    private boolean waitForRunning;

    @Option(names = "--wait-timeout", paramLabel = "D", defaultValue = "5m", converter = DurationConverter.class,
            description = "How long --wait waits (default: ${DEFAULT-VALUE}).")
    private Duration waitTimeout;

    @Option(names = "--timeout", paramLabel = "D", defaultValue = "5m", converter = DurationConverter.class,
            description = "Deadline for the install, retries included (default: ${DEFAULT-VALUE}).")
    private Duration timeout;

    @Option(names = "--crd-timeout", paramLabel = "D", defaultValue = "60s", converter = DurationConverter.class,
            description = "How long each CRD may take to become Established (default: ${DEFAULT-VALUE}).")
    private Duration crdTimeout;

    @Option(names = "--wait-for-lock", paramLabel = "D", arity = "0..1", fallbackValue = "5m",
            converter = DurationConverter.class,
            description = "When another operation of the package holds its lock in the namespace, wait up to D "
                    + "(default when given: ${FALLBACK-VALUE}) for it to end, instead of being refused at once.")
    private Duration waitForLock;

    @Mixin
    private RegistryAccessOptions registry;

    @Mixin
    private ClusterOptions cluster;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        DiagnosticsPrinter diagnostics = new DiagnosticsPrinter(err);
        InstallFlags flags = new InstallFlags(false, DryRunMode.NONE, false, false, false, timeout, crdTimeout, 8,
                waitForRunning, waitTimeout, OutputFormat.TABLE, false, spec.root().name());
        try (ClusterConnection connection = cluster.open()) {
            InstallRecordStore store = new InstallRecordStore(connection.retryingApi());
            String ns = TargetNamespace.of(namespace, connection);
            InstallPipeline pipeline = new InstallPipeline(connection);
            LockWaiting locks = new LockWaiting(waitForLock, err);
            while (true) {
                InstallRecord latest = latest(store, ns);
                RollbackTarget target = RollbackTarget.choose(latest, to);
                if (target instanceof RollbackTarget.Refused refused) {
                    throw new UserInputException(refused.reason());
                }
                RollbackTarget.Chosen chosen = (RollbackTarget.Chosen) target;
                InstallRecord recorded = Blocking.result(store.get(ns, chosen.target().recordName())).orElseThrow(() ->
                        new UserInputException("the source of " + packageName + " " + chosen.targetName()
                                + " is gone: its install record " + chosen.target().recordName() + " was pruned "
                                + "(each package keeps its newest " + InstallRecordStore.DEFAULT_KEEP_PER_PACKAGE
                                + " records)"));
                RecordedBundle bundle = new RecordedBundle(new BundleSourcing(registry, err), registry);
                SourcedInput source = bundle.source(recorded, chosen.target());
                PlanInputOptions input = bundle.options(recorded, ns);
                err.println("rolling back " + packageName + " in namespace " + ns + " " + chosen.line() + ", from "
                        + source.label() + " (install record " + recorded.name() + ")");
                Planning planning = new Planning(diagnostics);
                ReadInput read = planning.read(input, source);
                RecordedBundle.requireRecordedVersion(read, recorded, chosen.target());
                read.prepareForPlanning();
                PlannedInput planned = new Planning(diagnostics, new Planning.Live(pipeline, err,
                        DiscoveryRetries.DEFAULT_PATIENCE)).plan(input, read, ns, () -> null);
                int shown = show(planned, connection, ns, out, err);
                if (dryRun || shown != ExitCode.OK) {
                    return shown;
                }
                PlanInstall.Ended ended = new PlanInstall(pipeline, flags, out, err)
                        .install(planned.result().planned(), planned.reading(), ns, waitForRunning);
                if (!ended.locked()) {
                    return ended.exitCode();
                }
                if (ended.lockedOut() instanceof LockState.Held held && !locks.waitForFree(connection, held)) {
                    return LockWaiting.HELD;
                }
            }
        }
    }

    /** The plan as a table, what the rollback checks found, and the diff; exit 3 when it cannot succeed. */
    private int show(PlannedInput planned, ClusterConnection connection, String ns, PrintWriter out, PrintWriter err) {
        PlanTable.print(SecretRedaction.redact(planned.result().plan()), out);
        planned.result().plan().condition(RollbackVerdict.CONDITION_TYPE).map(PlanCondition::message)
                .ifPresent(checked -> err.println("rollback checks passed: " + TerminalText.safe(checked)));
        out.println();
        return PlanDiffOutput.print(planned, connection, ns, diffBrief, out, err);
    }

    /** The package's newest install record that was not a dry run; invalid input when there is none. */
    private InstallRecord latest(InstallRecordStore store, String ns) {
        return Blocking.result(store.list(ns)).stream()
                .filter(RecordEntry.Readable.class::isInstance).map(entry -> ((RecordEntry.Readable) entry).record())
                .filter(record -> record.packageName().equals(packageName) && !record.dryRun())
                .max(Comparator.comparing(InstallRecord::startTime))
                .orElseThrow(() -> new UserInputException("no install of package " + packageName + " in namespace " + ns
                        + " (list them with: " + spec.root().name() + " status -n " + ns + ")"));
    }
}
