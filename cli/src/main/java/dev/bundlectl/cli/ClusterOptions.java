package dev.bundlectl.cli;

import dev.bundlectl.executor.connect.ClusterConnection;
import dev.bundlectl.executor.connect.ConnectionException;
import dev.bundlectl.executor.connect.ConnectionSettings;
import java.nio.file.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

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

    boolean given() {
        return kubeconfig != null || context != null;
    }

    /** Opens the connection; a missing or broken kubeconfig is the user's to fix (exit 2). */
    ClusterConnection open() {
        KubeconfigFiles.check(kubeconfig);
        ConnectionSettings settings = ConnectionSettings.defaults();
        if (kubeconfig != null) {
            settings = settings.withKubeconfig(kubeconfig);
        }
        if (context != null) {
            settings = settings.withContext(context);
        }
        try {
            return ClusterConnection.open(settings);
        } catch (ConnectionException e) {
            throw new UserInputException(e.getMessage());
        }
    }
}
