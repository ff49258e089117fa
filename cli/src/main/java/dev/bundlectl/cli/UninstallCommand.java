package dev.bundlectl.cli;

import dev.bundlectl.executor.waiting.Blocking;
import dev.bundlectl.cluster.connect.ClusterConnection;
import dev.bundlectl.executor.records.InstallRecord;
import dev.bundlectl.executor.records.InstallRecordStore;
import dev.bundlectl.executor.uninstall.DeletionResult;
import dev.bundlectl.executor.customresources.SweepOutcome;
import dev.bundlectl.executor.uninstall.UninstallOptions;
import dev.bundlectl.executor.uninstall.UninstallPreview;
import dev.bundlectl.executor.uninstall.UninstallReport;
import dev.bundlectl.executor.uninstall.PackageUninstall;
import dev.bundlectl.executor.lock.LockHolders;
import dev.bundlectl.executor.lock.LockState;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Callable;
import java.util.concurrent.LinkedBlockingQueue;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code bundlectl uninstall}: delete what one install created, newest first. */
@Command(addMethodSubcommands = false,
        mixinStandardHelpOptions = true,
        name = "uninstall",
        sortOptions = false,
        description = "Delete everything the package's installs in the namespace own, whichever of its install records names it, in reverse order, then the records. An object another install owns too (the same bundle in another namespace) is released, not deleted; objects that were there before any install are left alone, and so are CRDs unless --delete-crds is given. With --delete-crds it first says what each CRD holds (its custom resources, how many carry finalizers, its stored versions), then deletes those custom resources while the operator still runs and waits up to --cr-timeout for them to go, naming any that stay (and then keeping the operator and the CRDs); only then the operator, and the CRDs last. --dry-run says what it would do and stops. Holds the package's lock while it runs.",
        footerHeading = "%nExamples:%n",
        footer = {
            "  ${ROOT-COMMAND-NAME} status -n cachebox                           # find the install's NAME",
            "  ${ROOT-COMMAND-NAME} uninstall NAME -n cachebox",
            "  ${ROOT-COMMAND-NAME} uninstall --package cachebox-operator -n cachebox --delete-crds --dry-run   # what the CRDs hold",
            "  ${ROOT-COMMAND-NAME} uninstall --package cachebox-operator -n cachebox --delete-crds",
            "",
            "Exit codes: 0 uninstalled (or, with --dry-run, planned), 3 some deletions failed or custom resources stayed, 2 invalid input (e.g. no such install), 1 other errors (e.g. unreachable cluster).",
        })
final class UninstallCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", arity = "0..1", paramLabel = "NAME",
            description = "An install record's name: its package is uninstalled.")
    private String name;

    @Option(names = "--package", paramLabel = "PKG", description = "Uninstall this package.")
    private String packageName;

    @Option(names = {"-n", "--namespace"}, paramLabel = "NS",
            description = "The install namespace (default: the kubeconfig context's namespace, else 'default').")
    private String namespace;

    @Option(names = "--delete-crds", description = "Also delete the CRDs the install created, with all their objects: "
            + "the custom resources first, while the operator still runs, then the operator, then the CRDs.")
    private boolean deleteCrds;

    @Option(names = "--cr-timeout", paramLabel = "D", defaultValue = "5m", converter = DurationConverter.class,
            description = "With --delete-crds: how long the CRDs' custom resources may take to go (their operator "
                    + "processing their finalizers) before the uninstall stops, naming those left and keeping the "
                    + "operator and the CRDs (default: ${DEFAULT-VALUE}).")
    private Duration customResourceTimeout;

    @Option(names = "--dry-run", description = "Say what the uninstall would do (with --delete-crds, first what each "
            + "CRD holds), and remove nothing.")
    private boolean dryRun;

    @Option(names = "--wait-for-lock", paramLabel = "D", arity = "0..1", fallbackValue = "5m",
            converter = DurationConverter.class,
            description = "When another operation of the package holds its lock in the namespace, wait up to D "
                    + "(default when given: ${FALLBACK-VALUE}) for it to end, instead of being refused at once.")
    private Duration waitForLock;

    @Mixin
    private ClusterOptions cluster;

    @Override
    public Integer call() {
        if ((name == null) == (packageName == null)) {
            throw new UserInputException("give the install's NAME or --package PKG (one of them)");
        }
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        // A record store that cannot be read (unreachable or refusing cluster, unreadable record) is not
        // the user's input: it reaches ErrorReporter and exits 1.
        try (ClusterConnection connection = cluster.open()) {
            InstallRecordStore store = new InstallRecordStore(connection.retryingApi());
            String ns = TargetNamespace.of(namespace, connection);
            // Every install of the package goes, whichever record is named (docs/semantics.md §8).
            String pkg = find(store, ns).packageName();
            UninstallOptions options = new UninstallOptions(deleteCrds, customResourceTimeout);
            if (dryRun) {
                return preview(new PackageUninstall(connection), ns, pkg, options, out);
            }
            LockWaiting locks = new LockWaiting(waitForLock, err);
            while (true) {
                BlockingQueue<DeletionResult> results = new LinkedBlockingQueue<>();
                // What the CRDs hold and their custom resources' deletions are said as they happen: the
                // wait for them to go may be long.
                UninstallReport report = Blocking.result(new PackageUninstall(connection).run(ns, pkg, options,
                        LockHolders.thisProcess(), List.of(), results::add, line -> {
                            synchronized (out) {
                                out.println(TerminalText.safe(line));
                                out.flush();
                            }
                        }));
                if (report.lockedOut() instanceof LockState.Held held) {
                    if (!locks.waitForFree(connection, held)) {
                        return LockWaiting.HELD;
                    }
                    continue;
                }
                if (report.lockedOut() != null) {
                    continue;
                }
                if (report.missingAccess() != null) {
                    err.println("error: " + TerminalText.safe(report.missingAccess().headline()));
                    report.missingAccess().lines().forEach(line -> err.println("  " + TerminalText.safe(line)));
                    return ExitCode.PLAN_FAILED;
                }
                results.forEach(result -> out.println(TerminalText.safe(result.line())));
                out.println();
                out.println(summary(report));
                return report.succeeded() ? ExitCode.OK : ExitCode.PLAN_FAILED;
            }
        }
    }

    /** {@code --dry-run}: what each CRD holds, then what would become of each object; nothing removed. */
    private static int preview(PackageUninstall uninstall, String ns, String pkg, UninstallOptions options,
            PrintWriter out) {
        UninstallPreview preview = Blocking.result(uninstall.preview(ns, pkg, options));
        preview.crdContents().forEach(contents -> out.println(TerminalText.safe(contents.line())));
        if (!preview.crdContents().isEmpty()) {
            out.println("Their custom resources would be deleted first, while the operator still runs, and waited for "
                    + "up to " + options.customResourceTimeout().toSeconds() + "s; then the operator, then the CRDs.");
        }
        preview.removals().forEach(line -> out.println(TerminalText.safe(line)));
        out.println();
        out.println(preview.removals().size() + " objects; nothing was removed (--dry-run).");
        return ExitCode.OK;
    }

    /** {@code N objects: 4 deleted, 1 released, ... 0 failed.} and what became of the records. */
    private static String summary(UninstallReport report) {
        List<String> counts = new ArrayList<>();
        for (Class<? extends DeletionResult> outcome : List.of(DeletionResult.Deleted.class,
                DeletionResult.AlreadyGone.class, DeletionResult.Released.class, DeletionResult.Kept.class,
                DeletionResult.Skipped.class)) {
            long count = report.count(outcome);
            if (count > 0) {
                counts.add(count + " " + outcome.getSimpleName().replaceAll("([a-z])([A-Z])", "$1 $2").toLowerCase(
                        java.util.Locale.ROOT));
            }
        }
        counts.add(report.failures().size() + " failed");
        String customResources = report.customResources() instanceof SweepOutcome.Stuck
                ? "Nothing else was removed: custom resources stayed. " : "";
        return customResources + report.results().size() + " objects, " + String.join(", ", counts) + ". "
                + report.record().detail();
    }

    private InstallRecord find(InstallRecordStore store, String ns) {
        Optional<InstallRecord> record = name != null
                ? Blocking.result(store.get(ns, name))
                : Blocking.result(store.latestFor(ns, packageName));
        return record.orElseThrow(() -> new UserInputException(
                (name != null ? "no install record \"" + name + "\"" : "no install of package " + packageName)
                        + " in namespace " + ns + " (list them with: " + spec.root().name() + " status -n " + ns + ")"));
    }
}
