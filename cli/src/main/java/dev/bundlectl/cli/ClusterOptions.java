package dev.bundlectl.cli;

import dev.bundlectl.cluster.connect.ClusterConnection;
import dev.bundlectl.cluster.connect.ConnectionException;
import dev.bundlectl.cluster.connect.ConnectionSettings;
import dev.bundlectl.cluster.connect.Impersonation;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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

    @Option(names = "--as", paramLabel = "USER",
            description = "Act as this user or ServiceAccount (system:serviceaccount:NS:NAME), as kubectl's --as: the "
                    + "API server authorizes every request as it, so nothing is done with more rights than it holds.")
    String asUser;

    @Option(names = "--as-group", paramLabel = "GROUP",
            description = "A group to act in, with --as (repeatable), as kubectl's --as-group.")
    List<String> asGroups = new ArrayList<>();

    @Option(names = "--as-uid", paramLabel = "UID", description = "The uid to act as, with --as, as kubectl's --as-uid.")
    String asUid;

    /** The command these options belong to (picocli sets it), whose root holds the {@link EarlyConnection}. */
    @Spec(Spec.Target.MIXEE)
    private CommandSpec command;

    boolean given() {
        return kubeconfig != null || context != null || asUser != null;
    }

    /**
     * {@code --as}, {@code --as-group} and {@code --as-uid}, which go over the kubeconfig user's own
     * {@code as} fields; groups or a uid without a user are the user's mistake, as in kubectl.
     */
    Impersonation impersonation() {
        try {
            return new Impersonation(asUser, asGroups, asUid, Map.of());
        } catch (IllegalArgumentException e) {
            throw new UserInputException("--as-group and --as-uid need --as USER (" + e.getMessage() + ")");
        }
    }

    /**
     * Opens the connection, or takes the one set up for these settings since bundlectl started
     * ({@link EarlyConnection}); a missing or broken kubeconfig is the user's to fix (exit 2).
     */
    ClusterConnection open() {
        return open(ClusterConnection.API_CONNECTIONS);
    }

    /**
     * Opens the connection as {@link #open()} does, with at most {@code apiConnections} kept-alive
     * connections for the API (a connection set up early has a command's few, so it is not taken).
     */
    ClusterConnection open(int apiConnections) {
        KubeconfigFiles.check(kubeconfig);
        Impersonation flags = impersonation();
        ConnectionSettings settings = settings(kubeconfig, context).withApiConnections(apiConnections);
        try {
            // The early connection was set up from --kubeconfig and --context alone; --as is a header
            // of each request, which its hand-over adds.
            Optional<ClusterConnection> early = earlyConnection().take(settings);
            if (early.isPresent()) {
                ClusterConnection connection = early.get();
                return flags.none() ? connection
                        : connection.handedOverTo(connection.identity().overriddenBy(flags));
            }
            return ClusterConnection.open(settings.withImpersonation(flags));
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
