package dev.bundlectl.cli;

import dev.bundlectl.executor.connect.ClusterConnection;
import dev.bundlectl.executor.connect.ConnectionException;
import dev.bundlectl.executor.connect.ConnectionSettings;
import java.nio.file.Path;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * Which cluster to talk to. Without flags, fabric8's usual order applies: {@code KUBECONFIG},
 * {@code ~/.kube/config}, then the in-cluster service account.
 */
// No method here is a command: without this, picocli reads every method's annotations at each start.
@Command(addMethodSubcommands = false)
final class ClusterOptions {

    @Option(names = "--kubeconfig", paramLabel = "FILE", description = "Kubeconfig file (default: $KUBECONFIG or ~/.kube/config).")
    Path kubeconfig;

    @Option(names = "--context", paramLabel = "NAME", description = "Kubeconfig context (default: the current context).")
    String context;

    /** The command these options belong to (picocli sets it), whose root holds the {@link EarlyConnection}. */
    @Spec(Spec.Target.MIXEE)
    private CommandSpec command;

    boolean given() {
        return kubeconfig != null || context != null;
    }

    /**
     * Opens the connection, or takes the one set up for these settings since bundlectl started
     * ({@link EarlyConnection}); a missing or broken kubeconfig is the user's to fix (exit 2).
     */
    ClusterConnection open() {
        KubeconfigFiles.check(kubeconfig);
        ConnectionSettings settings = settings(kubeconfig, context);
        try {
            Optional<ClusterConnection> early = earlyConnection().take(settings);
            return early.isPresent() ? early.get() : ClusterConnection.open(settings);
        } catch (ConnectionException e) {
            throw new UserInputException(e.getMessage());
        }
    }

    /** The connection settings for a {@code --kubeconfig} and a {@code --context}, either of them null. */
    static ConnectionSettings settings(Path kubeconfig, String context) {
        ConnectionSettings settings = ConnectionSettings.defaults();
        if (kubeconfig != null) {
            settings = settings.withKubeconfig(kubeconfig);
        }
        if (context != null) {
            settings = settings.withContext(context);
        }
        return settings;
    }

    private EarlyConnection earlyConnection() {
        if (command != null && command.root().userObject() instanceof BundlectlCommand root) {
            return root.earlyConnection();
        }
        return EarlyConnection.none();
    }
}
