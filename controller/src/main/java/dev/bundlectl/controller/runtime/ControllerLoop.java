package dev.bundlectl.controller.runtime;

import dev.bundlectl.controller.api.BundleInstallKind;
import dev.bundlectl.controller.reconcile.ReconcileResult;
import dev.bundlectl.controller.reconcile.Reconciler;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.WatcherException;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Watches BundleInstalls with a fabric8 informer and hands their keys to worker threads, which run
 * the {@link Reconciler}. Reconciles block their worker while they plan and install (never while an
 * operator starts: they look once and ask to come back); that is why they run on threads of their
 * own and never on the informer's or Vert.x's.
 */
public final class ControllerLoop implements AutoCloseable {

    private static final Logger LOG = Logger.getLogger(ControllerLoop.class.getName());
    private static final Duration SYNC_TIMEOUT = Duration.ofSeconds(60);

    private final KubernetesClient client;
    private final Reconciler reconciler;
    private final ControllerSettings settings;
    private final WorkQueue queue;
    private final SpecFollower.Factory following;
    private final List<Thread> workers = new ArrayList<>();
    private SharedIndexInformer<GenericKubernetesResource> informer;
    private SpecFollower follower;

    /**
     * @param client fabric8's client
     * @param reconciler what each key is handed to
     * @param settings namespace, workers, resync and retry timings
     */
    public ControllerLoop(KubernetesClient client, Reconciler reconciler, ControllerSettings settings) {
        this(client, reconciler, settings, SpecFollower.NONE);
    }

    /**
     * @param client fabric8's client
     * @param reconciler what each key is handed to
     * @param settings namespace, workers, resync and retry timings
     * @param following what else makes an object reconcile: its catalog or image changing
     */
    public ControllerLoop(KubernetesClient client, Reconciler reconciler, ControllerSettings settings,
            SpecFollower.Factory following) {
        this.client = Objects.requireNonNull(client, "client");
        this.reconciler = Objects.requireNonNull(reconciler, "reconciler");
        this.settings = settings;
        this.queue = new WorkQueue(settings.retryBase(), settings.retryMax());
        this.following = Objects.requireNonNull(following, "following");
    }

    /** Starts watching and reconciling; returns once the informer has listed every object. */
    public synchronized void start() {
        follower = following.start((namespace, name, why) -> {
            LOG.fine(() -> namespace + "/" + name + ": " + why);
            queue.add(namespace + "/" + name, false);
        });
        SpecFollower follows = follower;
        var resources = client.genericKubernetesResources(BundleInstallKind.context());
        informer = settings.namespace() == null
                ? resources.inAnyNamespace().runnableInformer(settings.resync().toMillis())
                : resources.inNamespace(settings.namespace()).runnableInformer(settings.resync().toMillis());
        informer.itemStore(new StatuslessStore());
        informer.addEventHandler(new ResourceEventHandler<>() {
            @Override
            public void onAdd(GenericKubernetesResource object) {
                follows.seen(object.getMetadata().getNamespace(), object.getMetadata().getName(), tree(object));
                queue.add(key(object), false);
            }

            @Override
            public void onUpdate(GenericKubernetesResource old, GenericKubernetesResource now) {
                // The informer's resync delivers the cached object again, unchanged.
                boolean resync = Objects.equals(old.getMetadata().getResourceVersion(),
                        now.getMetadata().getResourceVersion());
                if (!resync) {
                    follows.seen(now.getMetadata().getNamespace(), now.getMetadata().getName(), tree(now));
                }
                queue.add(key(now), resync);
            }

            @Override
            public void onDelete(GenericKubernetesResource object, boolean finalStateUnknown) {
                // Nothing to reconcile: the finalizer made us see the deletion as an update first.
                follows.gone(object.getMetadata().getNamespace(), object.getMetadata().getName());
            }
        });
        // Once started, fabric8's own rule (watch again unless the watch itself failed); before, the first
        // list is tried again while the server asks to wait, until SYNC_TIMEOUT. A CRD created a moment
        // ago (deploy/ applies it with the controller) has its watch cache still filling: Kubernetes 1.31+
        // answers 429 "storage is (re)initializing" then. This client does not retry 429 itself
        // (ClusterConnection), and anything else (a 403: no right to list) ends the start at once.
        informer.exceptionHandler((started, error) -> started ? !(error instanceof WatcherException)
                : serverAsksToWait(error));
        try {
            informer.start().toCompletableFuture().get(SYNC_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while listing BundleInstalls", e);
        } catch (ExecutionException | TimeoutException e) {
            informer.stop();
            throw new IllegalStateException("cannot watch BundleInstalls: " + e.getMessage(), e);
        }
        for (int i = 0; i < settings.workers(); i++) {
            Thread worker = new Thread(this::work, "bundlectl-reconcile-" + i);
            worker.setDaemon(true);
            worker.start();
            workers.add(worker);
        }
    }

    /** Whether {@code error} is the server's answer to come back later: 429, or a 5xx. */
    static boolean serverAsksToWait(Throwable error) {
        for (Throwable cause = error; cause != null; cause = cause.getCause()) {
            if (cause instanceof KubernetesClientException answer) {
                return answer.getCode() == 429 || answer.getCode() >= 500;
            }
        }
        return false;
    }

    /** How many keys wait for a worker. */
    public int queued() {
        return queue.size();
    }

    private void work() {
        while (true) {
            Optional<WorkQueue.Item> item;
            try {
                item = queue.take();
            } catch (InterruptedException e) {
                return;
            }
            if (item.isEmpty()) {
                return;
            }
            String key = item.get().key();
            boolean retry = true;
            Duration requeue = null;
            try {
                int slash = key.indexOf('/');
                ReconcileResult result = reconciler.reconcile(key.substring(0, slash), key.substring(slash + 1),
                        item.get().resync());
                retry = result instanceof ReconcileResult.RetryLater;
                if (result instanceof ReconcileResult.RetryLater later) {
                    LOG.fine(() -> key + ": will retry: " + later.reason());
                }
                if (result instanceof ReconcileResult.RequeueAfter after) {
                    requeue = after.delay();
                    LOG.fine(() -> key + ": again in " + after.delay().toMillis() + " ms: " + after.reason());
                }
            } catch (RuntimeException e) {
                // A bug must not kill the worker; the key is retried with backoff and the error logged once.
                LOG.log(Level.WARNING, key + ": reconcile failed unexpectedly", e);
            } finally {
                queue.done(key, retry);
                if (requeue != null) {
                    queue.addAfter(key, requeue);
                }
            }
        }
    }

    private com.fasterxml.jackson.databind.JsonNode tree(GenericKubernetesResource object) {
        return client.getKubernetesSerialization().convertValue(object, com.fasterxml.jackson.databind.JsonNode.class);
    }

    private static String key(GenericKubernetesResource object) {
        return object.getMetadata().getNamespace() + "/" + object.getMetadata().getName();
    }

    /** Stops watching; reconciles in progress finish (they are not interrupted half-way through a write). */
    @Override
    public synchronized void close() {
        if (informer != null) {
            informer.stop();
        }
        if (follower != null) {
            follower.close();
        }
        queue.close();
        for (Thread worker : workers) {
            try {
                worker.join(Duration.ofSeconds(30).toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
        workers.clear();
    }
}
