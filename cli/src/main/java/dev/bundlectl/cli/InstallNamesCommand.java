package dev.bundlectl.cli;

import dev.bundlectl.executor.waiting.Blocking;
import dev.bundlectl.cluster.connect.ClusterConnection;
import dev.bundlectl.executor.records.InstallRecordStore;
import dev.bundlectl.executor.records.RecordEntry;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * The install names in a namespace, one a line: what shell completion offers for
 * {@code uninstall NAME} and {@code status NAME}. Hidden, as it is for the completion script; the
 * script discards its errors, so an unreachable cluster completes nothing.
 */
@Command(addMethodSubcommands = false, name = CompletionScript.INSTALL_NAMES_COMMAND, hidden = true,
        description = "Print the install names of a namespace, one a line (for shell completion).")
final class InstallNamesCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Option(names = {"-n", "--namespace"}, paramLabel = "NS")
    private String namespace;

    @Mixin
    private ClusterOptions cluster;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        try (ClusterConnection connection = cluster.open()) {
            List<RecordEntry> entries = Blocking.result(new InstallRecordStore(connection.retryingApi())
                    .list(TargetNamespace.of(namespace, connection)));
            for (RecordEntry entry : entries) {
                if (entry instanceof RecordEntry.Readable readable) {
                    out.println(TerminalText.safe(readable.record().name()));
                }
            }
        }
        out.flush();
        return ExitCode.OK;
    }
}
