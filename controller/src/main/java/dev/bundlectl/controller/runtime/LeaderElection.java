package dev.bundlectl.controller.runtime;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.extended.leaderelection.LeaderCallbacks;
import io.fabric8.kubernetes.client.extended.leaderelection.LeaderElectionConfigBuilder;
import io.fabric8.kubernetes.client.extended.leaderelection.resourcelock.LeaseLock;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * Holds a {@code coordination.k8s.io} Lease with fabric8's {@code LeaderElector}, so that of several
 * replicas exactly one reconciles. The API server's compare-and-swap on the Lease is the only
 * coordination: no replica talks to another.
 */
public final class LeaderElection implements AutoCloseable {

    private final KubernetesClient client;
    private final ControllerSettings.LeaseSettings lease;
    private final String identity;
    private final Runnable onStartLeading;
    private final Runnable onStopLeading;
    private final Consumer<String> onNewLeader;
    private final boolean releaseOnClose;
    private CompletableFuture<?> running;

    /**
     * @param client fabric8's client
     * @param lease which Lease, and its timings
     * @param identity this replica's name, written into the Lease
     * @param onStartLeading called when this replica becomes the leader
     * @param onStopLeading called when it stops leading (it lost the Lease or was closed)
     * @param onNewLeader called with the identity of each new leader
     * @param releaseOnClose whether {@link #close()} hands the Lease over at once; false leaves it to
     *     expire, as a crashed replica would
     */
    public LeaderElection(KubernetesClient client, ControllerSettings.LeaseSettings lease, String identity,
            Runnable onStartLeading, Runnable onStopLeading, Consumer<String> onNewLeader, boolean releaseOnClose) {
        this.client = client;
        this.lease = lease;
        this.identity = identity;
        this.onStartLeading = onStartLeading;
        this.onStopLeading = onStopLeading;
        this.onNewLeader = onNewLeader;
        this.releaseOnClose = releaseOnClose;
    }

    /** Starts competing for the Lease; returns at once. */
    public synchronized void start() {
        running = client.leaderElector().withConfig(new LeaderElectionConfigBuilder()
                .withName(lease.name())
                .withLock(new LeaseLock(lease.namespace(), lease.name(), identity))
                .withLeaseDuration(lease.leaseDuration())
                .withRenewDeadline(lease.renewDeadline())
                .withRetryPeriod(lease.retryPeriod())
                .withReleaseOnCancel(releaseOnClose)
                .withLeaderCallbacks(new LeaderCallbacks(onStartLeading, onStopLeading, onNewLeader::accept))
                .build()).build().start();
    }

    /** Stops competing (and stops leading, if leading). */
    @Override
    public synchronized void close() {
        if (running != null) {
            running.cancel(true);
            running = null;
        }
    }
}
