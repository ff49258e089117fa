package dev.bundlectl.cli;

import dev.bundlectl.cluster.connect.ClusterConnection;
import dev.bundlectl.executor.adopt.HandBack;
import dev.bundlectl.executor.adopt.PackageRelease;
import dev.bundlectl.executor.adopt.ReleaseOutcome;
import dev.bundlectl.executor.lock.LockHolders;
import dev.bundlectl.executor.lock.LockState;
import dev.bundlectl.executor.waiting.Blocking;
import java.io.PrintWriter;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code bundlectl release}: hand an install back, every object left running. */
@Command(addMethodSubcommands = false,
        mixinStandardHelpOptions = true,
        name = "release",
        sortOptions = false,
        description = "Hand an install back: bundlectl removes its mark from every object the package's install "
                + "owns, then its install records and lock, and leaves every object as it is, running. With --to-olm, "
                + "OLM takes it back: the namespaced objects are owned by the CSV again, as OLM's InstallPlan left "
                + "them, and a Subscription whose startingCSV is the installed CSV is created, so that OLM finds the "
                + "operator installed and reinstalls nothing.",
        footerHeading = "%nExamples:%n",
        footer = {
            "  ${ROOT-COMMAND-NAME} release --package cachebox-operator -n ops",
            "  ${ROOT-COMMAND-NAME} release --package cachebox-operator -n ops --to-olm --catalog-source cachebox-catalog "
                    + "--channel stable",
            "",
            "Exit codes: 0 released, 3 some objects could not be released (the records stay), 2 invalid input (e.g. no "
                    + "such install, no such CatalogSource), 1 other errors (e.g. unreachable cluster).",
        })
final class ReleaseCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Option(names = "--package", paramLabel = "P", required = true, description = "The package to release.")
    private String packageName;

    @Option(names = {"-n", "--namespace"}, paramLabel = "NS",
            description = "The install namespace (default: the kubeconfig context's namespace, else 'default').")
    private String namespace;

    @Option(names = "--to-olm", description = "Hand the install back to OLM: create a Subscription for it.")
    private boolean toOlm;

    @Option(names = "--catalog-source", paramLabel = "NAME",
            description = "With --to-olm: the CatalogSource the Subscription resolves the package from.")
    private String catalogSource;

    @Option(names = "--catalog-source-namespace", paramLabel = "NS", defaultValue = "olm",
            description = "With --to-olm: the CatalogSource's namespace (default: ${DEFAULT-VALUE}; "
                    + "openshift-marketplace on OpenShift).")
    private String catalogSourceNamespace;

    @Option(names = "--channel", paramLabel = "C",
            description = "With --to-olm: the Subscription's channel (default: the package's default channel).")
    private String channel;

    @Option(names = "--subscription", paramLabel = "NAME",
            description = "With --to-olm: the Subscription's name (default: the package's).")
    private String subscription;

    @Mixin
    private ClusterOptions cluster;

    @Override
    public Integer call() {
        if (toOlm && catalogSource == null) {
            throw new UserInputException("--to-olm needs --catalog-source NAME: the CatalogSource OLM resolves "
                    + packageName + " from");
        }
        if (!toOlm && (catalogSource != null || channel != null || subscription != null)) {
            throw new UserInputException("--catalog-source, --channel and --subscription go with --to-olm");
        }
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Optional<HandBack> handBack = toOlm ? Optional.of(new HandBack(subscription == null ? packageName : subscription,
                channel, catalogSource, catalogSourceNamespace)) : Optional.empty();
        try (ClusterConnection connection = cluster.open()) {
            String ns = TargetNamespace.of(namespace, connection);
            ReleaseOutcome outcome = Blocking.result(new PackageRelease(connection).run(ns, packageName,
                    LockHolders.thisProcess(), handBack));
            if (outcome instanceof ReleaseOutcome.Refused refused) {
                throw new UserInputException("cannot release " + packageName + " in namespace " + ns + ": "
                        + refused.why());
            }
            if (outcome instanceof ReleaseOutcome.LockHeld held) {
                err.println("error: " + TerminalText.safe(held.lock() instanceof LockState.Held holder ? holder.describe()
                        : "another operation of " + packageName + " ran meanwhile; release again"));
                return LockWaiting.HELD;
            }
            ReleaseOutcome.Released released = (ReleaseOutcome.Released) outcome;
            released.lines().forEach(line -> out.println(TerminalText.safe(line)));
            released.failures().forEach(failure -> err.println("error: " + TerminalText.safe(failure)));
            out.println();
            out.println(TerminalText.safe(summary(ns, released)));
            return released.complete() ? ExitCode.OK : ExitCode.PLAN_FAILED;
        }
    }

    private String summary(String ns, ReleaseOutcome.Released released) {
        if (released.records().isEmpty()) {
            return "released nothing for good: the install records of " + packageName + " stay, so that a second "
                    + "release finds what this one could not release";
        }
        String records = "deleted " + released.records().size() + " install record(s) of " + packageName + " in "
                + "namespace " + ns + "; every object is left running";
        return released.subscription() == null ? records : records + "; created " + released.subscription()
                + ": OLM manages " + packageName + " again";
    }
}
