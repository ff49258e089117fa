package dev.bundlectl.cli;

import dev.bundlectl.cluster.connect.ClusterConnection;
import dev.bundlectl.cluster.connect.ConnectionException;
import dev.bundlectl.cluster.connect.ConnectionSettings;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * The cluster connection a command line is going to ask for, set up from the moment bundlectl
 * starts, while picocli builds its model of the command (a tenth of a second of a fresh JVM's time,
 * which the set-up then no longer waits behind). The command takes it through
 * {@link ClusterOptions#open()} when it asks for the same settings; a command that asks for other
 * ones, or for none (a usage error, help), never sees it, and {@link #close()} closes it.
 *
 * <p>Setting up sends nothing to the cluster, as with {@link BackgroundConnection}: the kubeconfig is
 * checked ({@link KubeconfigFiles}) and read, and the HTTP client made. A kubeconfig that fails the
 * check is left for the command to report, as it would without this. So is one that may run a
 * credential plugin (exec, auth provider) when read: the command line is not known to be valid yet,
 * and a plugin may take its time or ask the user to log in.
 *
 * <p>Closing does not wait for a set-up that no command took: it is closed when it ends, so that a
 * usage error is reported at once.
 *
 * <p>The command line is read for {@code --kubeconfig} and {@code --context} only, before picocli
 * parses it; a guess that turns out wrong (an option's value that looks like one of them) costs a
 * set-up that is closed unused, never a connection with other settings than the command's.
 */
final class EarlyConnection implements AutoCloseable {

    /** The commands that always connect; {@code plan} and {@code template} do when given a kubeconfig or context. */
    private static final Set<String> CLUSTER_COMMANDS =
            Set.of("install", "status", "rollback", "uninstall", "gc", "approve");
    /** The commands that plan offline unless given a kubeconfig or context. */
    private static final Set<String> PLANNING_COMMANDS = Set.of("plan", "template");

    private final ConnectionSettings settings;
    private final CompletableFuture<Optional<ClusterConnection>> opening = new CompletableFuture<>();
    private boolean taken;

    private EarlyConnection(ConnectionSettings settings) {
        this.settings = settings;
    }

    /** Sets up nothing; every command opens its own connection. */
    static EarlyConnection none() {
        return new EarlyConnection(null);
    }

    /** Starts setting up the connection {@code args} will ask for, if they run a command that connects. */
    static EarlyConnection startFor(String[] args) {
        ConnectionSettings settings = settingsFor(args);
        if (settings == null) {
            return none();
        }
        EarlyConnection early = new EarlyConnection(settings);
        Thread thread = new Thread(early::open, "bundlectl-connect-early");
        // Nothing waits on it but take() and close().
        thread.setDaemon(true);
        thread.start();
        return early;
    }

    /**
     * The settings a command line's connection will have, or null when it runs no command that
     * connects (or asks for help, which connects to nothing).
     */
    static ConnectionSettings settingsFor(String[] args) {
        String command = null;
        boolean clusterGiven = false;
        Path kubeconfig = null;
        String context = null;
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            if (arg.equals("--")) {
                break;
            }
            if (arg.equals("-h") || arg.equals("--help") || arg.equals("-V") || arg.equals("--version")) {
                return null;
            }
            if (arg.equals("--kubeconfig") || arg.equals("--context")) {
                if (i + 1 >= args.length) {
                    return null;
                }
                String value = args[++i];
                if (arg.equals("--kubeconfig")) {
                    kubeconfig = Path.of(value);
                } else {
                    context = value;
                }
                clusterGiven = true;
            } else if (arg.startsWith("--kubeconfig=")) {
                kubeconfig = Path.of(arg.substring("--kubeconfig=".length()));
                clusterGiven = true;
            } else if (arg.startsWith("--context=")) {
                context = arg.substring("--context=".length());
                clusterGiven = true;
            } else if (command == null && !arg.startsWith("-")) {
                command = arg;
            }
        }
        if (command == null || !(CLUSTER_COMMANDS.contains(command) || PLANNING_COMMANDS.contains(command) && clusterGiven)) {
            return null;
        }
        return ClusterOptions.settings(kubeconfig, context);
    }

    /**
     * The connection set up for {@code wanted}, which the caller now owns; empty when none was set
     * up for exactly these settings (or its kubeconfig failed the check, which the caller reports).
     *
     * @throws ConnectionException as {@link ClusterConnection#open} would have thrown it
     */
    synchronized Optional<ClusterConnection> take(ConnectionSettings wanted) throws ConnectionException {
        if (settings == null || taken || !settings.equals(wanted)) {
            return Optional.empty();
        }
        taken = true;
        try {
            return opening.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof ConnectionException refused) {
                throw refused;
            }
            throw SetUpFailure.unwrap(e);
        }
    }

    /** True once a command took the connection (or {@link #close()} ended it). */
    synchronized boolean taken() {
        return taken;
    }

    /** Closes the connection unless a command took it: now, or when its set-up ends. */
    @Override
    public synchronized void close() {
        if (settings == null || taken) {
            return;
        }
        taken = true;
        // A set-up that failed opened nothing; no command asked for it, so its error is nobody's.
        opening.thenAccept(connection -> connection.ifPresent(ClusterConnection::close));
    }

    private void open() {
        try {
            KubeconfigFiles.check(settings.kubeconfig());
        } catch (UserInputException unreadable) {
            // The command reports it, in its own words and at its own time.
            opening.complete(Optional.empty());
            return;
        }
        if (KubeconfigFiles.mayRunCredentialPlugin(settings.kubeconfig())) {
            // Read once the command line is known valid, by the command itself.
            opening.complete(Optional.empty());
            return;
        }
        try {
            opening.complete(Optional.of(ClusterConnection.open(settings)));
        } catch (ConnectionException | RuntimeException | Error e) {
            opening.completeExceptionally(e);
        }
    }
}
