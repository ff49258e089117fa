package dev.bundlectl.cli;

import dev.bundlectl.executor.waiting.Blocking;
import dev.bundlectl.cluster.connect.ClusterConnection;
import dev.bundlectl.executor.records.InstallRecord;
import dev.bundlectl.executor.records.InstallRecordStore;
import dev.bundlectl.executor.uninstall.DeletionResult;
import dev.bundlectl.executor.uninstall.UninstallOptions;
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
        description = "Delete everything the package's installs in the namespace own, whichever of its install records names it, in reverse order, then the records. An object another install owns too (the same bundle in another namespace) is released, not deleted; objects that were there before any install are left alone, and so are CRDs unless --delete-crds is given (deleting a CRD deletes every custom resource of it). Holds the package's lock while it runs.",
        footerHeading = "%nExamples:%n",
        footer = {
            "  ${ROOT-COMMAND-NAME} status -n cachebox                           # find the install's NAME",
            "  ${ROOT-COMMAND-NAME} uninstall NAME -n cachebox",
            "  ${ROOT-COMMAND-NAME} uninstall --package cachebox-operator -n cachebox --delete-crds",
            "",
            "Exit codes: 0 uninstalled, 3 some deletions failed, 2 invalid input (e.g. no such install), 1 other errors (e.g. unreachable cluster).",
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

    @Option(names = "--delete-crds", description = "Also delete the CRDs the install created, with all their objects.")
    private boolean deleteCrds;

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
            LockWaiting locks = new LockWaiting(waitForLock, err);
            while (true) {
                BlockingQueue<DeletionResult> results = new LinkedBlockingQueue<>();
                UninstallReport report = Blocking.result(new PackageUninstall(connection)
                        .run(ns, pkg, new UninstallOptions(deleteCrds), LockHolders.thisProcess(), results::add));
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
        return report.results().size() + " objects, " + String.join(", ", counts) + ". " + report.record().detail();
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
