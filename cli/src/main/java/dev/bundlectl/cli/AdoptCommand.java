package dev.bundlectl.cli;

import dev.bundlectl.cluster.connect.ClusterConnection;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code bundlectl adopt}: take over an operator that OLM v0 installed, without restarting it. */
@Command(addMethodSubcommands = false,
        mixinStandardHelpOptions = true,
        name = "adopt",
        sortOptions = false,
        description = "Take over an operator that OLM v0 installed through a Subscription, without restarting it: "
                + "the bundle (from the InstallPlan's bundle image, --bundle or --catalog) is planned as 'install' plans "
                + "it and compared with what runs; the plan and its diff are shown; then bundlectl records the install, "
                + "marks what OLM installed as its own (objects other operators of OLM use stay shared), and deletes "
                + "the Subscription and its InstallPlans. The CSV stays, and OLM's olm-operator keeps running it. "
                + "Refused, with nothing written, while OLM upgrades the operator, when its CSV is not Succeeded, when "
                + "it is another Subscription's dependency, when its Subscription configures the Deployments, or when "
                + "the bundle differs from what runs (unless --force).",
        footerHeading = "%nExamples:%n",
        footer = {
            "  ${ROOT-COMMAND-NAME} adopt --package cachebox-operator -n ops --dry-run   # the plan and the diff only",
            "  ${ROOT-COMMAND-NAME} adopt --package cachebox-operator -n ops",
            "  ${ROOT-COMMAND-NAME} adopt --package cachebox-operator -n ops --bundle samples/bundles/cachebox-operator",
            "  ${ROOT-COMMAND-NAME} release --package cachebox-operator -n ops --to-olm --catalog-source cachebox-catalog",
            "",
            "Exit codes: 0 adopted (or compared, with --dry-run), 3 refused or failed, 2 invalid input (e.g. no such "
                    + "Subscription), 1 other errors (e.g. unreachable cluster).",
        })
final class AdoptCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Option(names = "--package", paramLabel = "P", required = true,
            description = "The package whose Subscription installed the operator.")
    private String packageName;

    @Option(names = {"-n", "--namespace"}, paramLabel = "NS",
            description = "The Subscription's namespace (default: the kubeconfig context's, else 'default').")
    private String namespace;

    @Option(names = "--bundle", paramLabel = "DIR|IMAGE",
            description = "The bundle to compare and record: a directory or a bundle image (default: the image in the "
                    + "InstallPlan's bundleLookups).")
    private String bundle;

    @Option(names = "--catalog", paramLabel = "DIR|IMAGE",
            description = "Take the installed CSV's bundle from this file-based catalog instead.")
    private String catalog;

    @Option(names = "--dry-run", description = "Show the plan and the diff, and stop: nothing is written.")
    private boolean dryRun;

    @Option(names = "--force",
            description = "Adopt even when the bundle differs from what runs: the install then applies the bundle.")
    private boolean force;

    @Option(names = "--force-conflicts",
            description = "Server-side apply takes over fields that another field manager (not OLM's) owns, instead "
                    + "of failing the step with the conflict.")
    private boolean forceConflicts;

    @Option(names = "--timeout", paramLabel = "D", defaultValue = "5m", converter = DurationConverter.class,
            description = "Deadline for the install, retries included (default: ${DEFAULT-VALUE}).")
    private Duration timeout;

    @Mixin
    private RegistryAccessOptions registry = new RegistryAccessOptions();

    @Mixin
    private ClusterOptions cluster;

    @Override
    public Integer call() {
        if (bundle != null && catalog != null) {
            throw new UserInputException("give --bundle or --catalog, not both");
        }
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        InstallFlags flags = new InstallFlags(false, DryRunMode.NONE, false, false, forceConflicts, timeout,
                Duration.ofSeconds(60), 8, false, Duration.ofMinutes(5), OutputFormat.TABLE, false, spec.root().name());
        try (ClusterConnection connection = cluster.open()) {
            String ns = TargetNamespace.of(namespace, connection);
            return new Adopting(connection, flags, new BundleSourcing(registry, err), out, err)
                    .adopt(ns, packageName, new Adopting.BundleChoice(bundle, catalog), dryRun, force);
        }
    }
}
