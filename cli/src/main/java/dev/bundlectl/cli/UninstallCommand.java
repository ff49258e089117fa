package dev.bundlectl.cli;

import dev.bundlectl.executor.waiting.Blocking;
import dev.bundlectl.executor.connect.ClusterConnection;
import dev.bundlectl.executor.records.InstallRecord;
import dev.bundlectl.executor.records.InstallRecordStore;
import dev.bundlectl.executor.uninstall.DeletionResult;
import dev.bundlectl.executor.uninstall.UninstallOptions;
import dev.bundlectl.executor.uninstall.UninstallReport;
import dev.bundlectl.executor.uninstall.Uninstaller;
import java.io.PrintWriter;
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
        description = "Delete the objects an install created, in reverse order. Objects that were already there before the install (Present) are left alone, and so are CRDs unless --delete-crds is given (deleting a CRD deletes every custom resource of it).",
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

    @Parameters(index = "0", arity = "0..1", paramLabel = "NAME", description = "The install record's name.")
    private String name;

    @Option(names = "--package", paramLabel = "PKG", description = "Uninstall the newest install of this package.")
    private String packageName;

    @Option(names = {"-n", "--namespace"}, paramLabel = "NS",
            description = "The install namespace (default: the kubeconfig context's namespace, else 'default').")
    private String namespace;

    @Option(names = "--delete-crds", description = "Also delete the CRDs the install created, with all their objects.")
    private boolean deleteCrds;

    @Mixin
    private ClusterOptions cluster;

    @Override
    public Integer call() {
        if ((name == null) == (packageName == null)) {
            throw new UserInputException("give the install's NAME or --package PKG (one of them)");
        }
        PrintWriter out = spec.commandLine().getOut();
        // A record store that cannot be read (unreachable or refusing cluster, unreadable record) is not
        // the user's input: it reaches ErrorReporter and exits 1.
        try (ClusterConnection connection = cluster.open()) {
            InstallRecordStore store = new InstallRecordStore(connection.retryingApi());
            InstallRecord record = find(store, TargetNamespace.of(namespace, connection));
            BlockingQueue<DeletionResult> results = new LinkedBlockingQueue<>();
            UninstallReport report = Blocking.result(new Uninstaller(connection.retryingApi(), connection.discovery(), store)
                    .uninstall(record, new UninstallOptions(deleteCrds), results::add));
            results.forEach(result -> out.println(TerminalText.safe(result.line())));
            out.println();
            out.println(report.results().size() + " objects, " + report.failures().size() + " failed. "
                    + report.record().detail());
            return report.succeeded() ? ExitCode.OK : ExitCode.PLAN_FAILED;
        }
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
