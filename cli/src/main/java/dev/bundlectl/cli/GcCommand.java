package dev.bundlectl.cli;

import dev.bundlectl.cluster.connect.ClusterConnection;
import dev.bundlectl.executor.gc.GcOptions;
import dev.bundlectl.executor.gc.GcOutcome;
import dev.bundlectl.executor.gc.GcReport;
import dev.bundlectl.executor.gc.LeftoverCollector;
import dev.bundlectl.executor.waiting.Blocking;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code bundlectl gc}: find, and with {@code --delete} delete, what installs whose owners are gone left behind. */
@Command(addMethodSubcommands = false,
        mixinStandardHelpOptions = true,
        name = "gc",
        sortOptions = false,
        description = "Find what bundlectl's installs left behind: every object an install marked or labelled, cluster-scoped or in another namespace than its install's, whose owners are all gone (their namespace was deleted, or holds no install record of the package). Each is listed with the owners it names and why each is gone. Nothing is deleted without --delete; CRDs are kept without --delete-crds, and each is listed with what it holds (its custom resources, how many carry finalizers, its stored versions). With --delete-crds their custom resources are deleted first and waited for, up to --cr-timeout, then the other leftovers, then the CRDs (kept, naming what stayed, if some custom resources do). Reads every kind the cluster serves, in every namespace: an administrator's command; a kind the identity may not list is named, and the rest is still collected.",
        footerHeading = "%nExamples:%n",
        footer = {
            "  ${ROOT-COMMAND-NAME} gc                                 # list what is left behind",
            "  ${ROOT-COMMAND-NAME} gc --delete                        # delete it, CRDs kept",
            "  ${ROOT-COMMAND-NAME} gc --delete --delete-crds          # CRDs too, with their custom resources",
            "",
            "Exit codes: 0 done, 3 something could not be read or deleted, 1 other errors (e.g. unreachable cluster).",
        })
final class GcCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Option(names = "--delete", description = "Delete the leftovers (CRDs only with --delete-crds).")
    private boolean delete;

    @Option(names = "--delete-crds", description = "With --delete, also delete leftover CRDs, with all their custom resources.")
    private boolean deleteCrds;

    @Option(names = "--cr-timeout", paramLabel = "D", defaultValue = "5m", converter = DurationConverter.class,
            description = "With --delete-crds: how long the CRDs' custom resources may take to go before the CRDs are "
                    + "kept, naming those left (default: ${DEFAULT-VALUE}).")
    private Duration customResourceTimeout;

    @Mixin
    private ClusterOptions cluster;

    @Override
    public Integer call() {
        if (deleteCrds && !delete) {
            throw new UserInputException("--delete-crds deletes only with --delete");
        }
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        try (ClusterConnection connection = cluster.open()) {
            GcReport report = Blocking.result(new LeftoverCollector(connection.retryingApi(), connection.discovery(),
                    connection.vertx()).collect(new GcOptions(delete, deleteCrds, customResourceTimeout)));
            report.customResources().forEach(line -> out.println(TerminalText.safe(line)));
            report.outcomes().forEach(outcome -> out.println(TerminalText.safe(outcome.line())));
            report.unreadable().forEach(line -> err.println("warning: " + TerminalText.safe(line)));
            if (!report.outcomes().isEmpty()) {
                out.println();
            }
            out.println(summary(report));
            return report.succeeded() ? ExitCode.OK : ExitCode.PLAN_FAILED;
        }
    }

    /** {@code 5 leftover objects: 4 deleted, 1 kept.} and, when not deleting, how to. */
    private static String summary(GcReport report) {
        int total = report.outcomes().size();
        if (total == 0) {
            return "Nothing left behind" + (report.unreadable().isEmpty() ? "." : " in what could be read.");
        }
        String objects = total + " leftover object" + (total == 1 ? "" : "s");
        if (!report.deleting()) {
            return objects + "; nothing deleted (pass --delete to delete them).";
        }
        List<String> counts = new ArrayList<>();
        for (Class<? extends GcOutcome> outcome : List.of(GcOutcome.Deleted.class, GcOutcome.AlreadyGone.class,
                GcOutcome.Kept.class, GcOutcome.Failed.class)) {
            long count = report.count(outcome);
            if (count > 0) {
                counts.add(count + " " + outcome.getSimpleName().replaceAll("([a-z])([A-Z])", "$1 $2")
                        .toLowerCase(java.util.Locale.ROOT));
            }
        }
        return objects + ": " + String.join(", ", counts) + ".";
    }
}
