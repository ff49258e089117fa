package dev.bundlectl.controller.runtime;

import dev.bundlectl.controller.reconcile.Reconciler;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Logger;

/**
 * {@code bundlectl controller}: a {@link ControllerLoop}, started at once or, with leader election,
 * only while this replica holds the Lease.
 */
public final class Controller implements AutoCloseable {

    private static final Logger LOG = Logger.getLogger(Controller.class.getName());

    private final KubernetesClient client;
    private final Reconciler reconciler;
    private final ControllerSettings settings;
    private final boolean releaseLeaseOnClose;
    private final List<WhileLeading> alsoWhileLeading;
    private final SpecFollower.Factory following;
    private final List<AutoCloseable> running = new ArrayList<>();
    private ControllerLoop loop;
    private LeaderElection election;
    private volatile boolean leading;

    /**
     * @param client fabric8's client
     * @param reconciler reconciles each object
     * @param settings how to run
     * @param releaseLeaseOnClose whether closing hands the Lease over at once (false: it expires, as after a crash)
     */
    public Controller(KubernetesClient client, Reconciler reconciler, ControllerSettings settings,
            boolean releaseLeaseOnClose) {
        this(client, reconciler, settings, releaseLeaseOnClose, List.of());
    }

    /**
     * @param client fabric8's client
     * @param reconciler reconciles each object
     * @param settings how to run
     * @param releaseLeaseOnClose whether closing hands the Lease over at once (false: it expires, as after a crash)
     * @param alsoWhileLeading work started with reconciling and stopped with it, such as the collector
     */
    public Controller(KubernetesClient client, Reconciler reconciler, ControllerSettings settings,
            boolean releaseLeaseOnClose, List<WhileLeading> alsoWhileLeading) {
        this(client, reconciler, settings, releaseLeaseOnClose, alsoWhileLeading, SpecFollower.NONE);
    }

    /**
     * @param client fabric8's client
     * @param reconciler reconciles each object
     * @param settings how to run
     * @param releaseLeaseOnClose whether closing hands the Lease over at once (false: it expires, as after a crash)
     * @param alsoWhileLeading work started with reconciling and stopped with it, such as the collector
     * @param following what else makes an object reconcile while leading (its catalog or image changing)
     */
    public Controller(KubernetesClient client, Reconciler reconciler, ControllerSettings settings,
            boolean releaseLeaseOnClose, List<WhileLeading> alsoWhileLeading, SpecFollower.Factory following) {
        this.following = java.util.Objects.requireNonNull(following, "following");
        this.alsoWhileLeading = List.copyOf(alsoWhileLeading);
        this.client = client;
        this.reconciler = reconciler;
        this.settings = settings;
        this.releaseLeaseOnClose = releaseLeaseOnClose;
    }

    /** Starts reconciling, or starts competing for the Lease. */
    public synchronized void start() {
        if (settings.leaderElection() == null) {
            startLoop();
            return;
        }
        election = new LeaderElection(client, settings.leaderElection(), settings.identity(), this::startLoop,
                this::stopLoop, leader -> LOG.info(() -> "leader is now " + leader), releaseLeaseOnClose);
        election.start();
    }

    /** Whether this replica is reconciling now. */
    public boolean isLeading() {
        return leading;
    }

    private synchronized void startLoop() {
        if (loop != null) {
            return;
        }
        LOG.info(() -> settings.identity() + " starts reconciling BundleInstalls"
                + (settings.namespace() == null ? " in all namespaces" : " in namespace " + settings.namespace()));
        loop = new ControllerLoop(client, reconciler, settings, following);
        loop.start();
        alsoWhileLeading.forEach(work -> running.add(work.start()));
        leading = true;
    }

    private synchronized void stopLoop() {
        leading = false;
        if (loop != null) {
            LOG.info(() -> settings.identity() + " stops reconciling");
            for (AutoCloseable work : running) {
                try {
                    work.close();
                } catch (Exception e) {
                    LOG.warning(() -> "stopping " + work + " failed: " + e.getMessage());
                }
            }
            running.clear();
            loop.close();
            loop = null;
        }
    }

    @Override
    public void close() {
        LeaderElection stopping;
        synchronized (this) {
            stopping = election;
            election = null;
        }
        if (stopping != null) {
            stopping.close();
        }
        stopLoop();
    }
}
