package dev.bundlectl.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** The top-level {@code bundlectl} command; it only groups the subcommands ({@link Subcommands} adds them). */
@Command(addMethodSubcommands = false,
        name = "bundlectl",
        mixinStandardHelpOptions = true,
        versionProvider = VersionInfo.Provider.class,
        sortOptions = false,
        description = "Installs OLM registry+v1 operator bundles into any Kubernetes cluster and shows what happened to every manifest. Optional manifests whose API is missing end as NotCreated instead of failing the install, and cluster capabilities are honoured.",
        footerHeading = "%nExamples:%n",
        footer = {
            "  # Dry-run a bundle offline against a plain Kubernetes API surface (no cluster needed)",
            "  ${ROOT-COMMAND-NAME} plan samples/bundles/cachebox-operator",
            "",
            "  # Will it install on a cluster with Prometheus? Plan against that cluster's API list",
            "  kubectl api-resources > surface.txt",
            "  ${ROOT-COMMAND-NAME} plan samples/bundles/cachebox-operator --api-surface surface.txt",
            "",
            "  # The InstallPlan document, for review",
            "  ${ROOT-COMMAND-NAME} plan samples/bundles/cachebox-operator -n cachebox -o yaml > plan.yaml",
            "",
            "Exit codes (every command): 0 success; 2 invalid input (files, flags or names; nothing applied);",
            "  3 ran but did not fully succeed (plan predicted to fail, install Failed, uninstall partly failed,",
            "  --wait not Available); 1 anything else, including an unreachable or refusing cluster.",
        })
final class BundlectlCommand {

    @Option(names = "--debug", description = "Print stack traces for unexpected errors.", scope = picocli.CommandLine.ScopeType.INHERIT)
    boolean debug;

    private final EarlyConnection earlyConnection;

    BundlectlCommand() {
        this(EarlyConnection.none());
    }

    /** The root command of a run whose connection is being set up since it started. */
    BundlectlCommand(EarlyConnection earlyConnection) {
        this.earlyConnection = earlyConnection;
    }

    /** The connection set up since the run started, for {@link ClusterOptions#open()} to take. */
    EarlyConnection earlyConnection() {
        return earlyConnection;
    }
}
