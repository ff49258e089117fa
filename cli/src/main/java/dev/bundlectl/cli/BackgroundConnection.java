package dev.bundlectl.cli;

import dev.bundlectl.cluster.connect.ClassWarmUp;
import dev.bundlectl.cluster.connect.ClusterConnection;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Sets up a cluster connection on a thread of its own while the command reads and validates its
 * input on the main thread. Setting up sends nothing to the cluster (kubeconfig, TLS material, the
 * HTTP client); it is CPU work a fresh JVM spends a few hundred milliseconds on, and the input
 * reading as much again, so on two cores doing both at once shortens every cluster command (the
 * figures are in bench/README.md). The cluster is first contacted only after the input was found
 * valid, as before.
 *
 * <p>Closing before {@link #connection()} was taken (the input was invalid) waits for the set-up
 * to end and closes the connection, so that no Vert.x instance outlives the command.
 */
final class BackgroundConnection implements AutoCloseable {

    private final CompletableFuture<ClusterConnection> opening = new CompletableFuture<>();
    private final Thread thread;
    private boolean taken;

    private BackgroundConnection(ClusterOptions cluster) {
        thread = new Thread(() -> {
            try {
                opening.complete(cluster.open());
            } catch (RuntimeException | Error e) {
                opening.completeExceptionally(e);
            }
        }, "bundlectl-connect");
        // The command never waits on it except through connection() or close().
        thread.setDaemon(true);
    }

    /** What the command read, and the connection set up meanwhile, which the caller now owns. */
    record Prepared<T>(ClusterConnection connection, T input) {
    }

    /**
     * Sets up the connection the options name while {@code reading} runs on this thread. When the
     * reading throws (an invalid input), the connection is closed and the reading's error goes on.
     */
    static <T> Prepared<T> openWhile(ClusterOptions cluster, Supplier<T> reading) {
        return openWhile(cluster, reading, input -> { });
    }

    /**
     * As {@link #openWhile(ClusterOptions, Supplier)}; then, while the set-up ends, {@code meanwhile}
     * prepares on this thread what using the input will need first.
     */
    static <T> Prepared<T> openWhile(ClusterOptions cluster, Supplier<T> reading, Consumer<T> meanwhile) {
        try (BackgroundConnection opening = start(cluster)) {
            T input = reading.get();
            // This thread would now wait for the set-up; it initialises classes the set-up needs
            // next meanwhile (before the input was read, it made this thread the longer path), then
            // what the command needs after the set-up.
            ClassWarmUp.run();
            meanwhile.accept(input);
            return new Prepared<>(opening.connection(), input);
        }
    }

    /** Starts opening the connection the options name. */
    private static BackgroundConnection start(ClusterOptions cluster) {
        BackgroundConnection background = new BackgroundConnection(cluster);
        background.thread.start();
        return background;
    }

    /**
     * The open connection, once set up; the caller owns it from here. Rethrows what opening threw
     * (a {@link UserInputException} for a bad kubeconfig) as it was thrown.
     */
    private ClusterConnection connection() {
        taken = true;
        try {
            return finished();
        } catch (CompletionException e) {
            throw SetUpFailure.unwrap(e);
        }
    }

    // The outcome, once the set-up thread has ended too: nothing of it runs on after the command.
    private ClusterConnection finished() {
        try {
            return opening.join();
        } finally {
            awaitThreadEnd();
        }
    }

    private void awaitThreadEnd() {
        try {
            // It has completed the future; what is left of it is returning.
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        if (taken) {
            return;
        }
        try {
            finished().close();
        } catch (CompletionException failedToOpen) {
            // Nothing was opened; the input error the command is reporting matters more.
        }
    }
}
