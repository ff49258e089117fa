package dev.bundlectl.controller.follow;

import dev.bundlectl.controller.pipeline.InstallerConnections;
import dev.bundlectl.controller.reconcile.ReconcileException;
import dev.bundlectl.controller.runtime.SpecFollower;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.logging.Logger;

/**
 * One watch per ConfigMap that BundleInstalls read, however many read it: an informer on that one
 * name (a {@code metadata.name} field selector), acting as the install's account, so the controller
 * watches only what the account may read. When the ConfigMap changes, is created or is deleted,
 * every BundleInstall that reads it is reconciled. A watch the account may not make ({@code list}
 * and {@code watch} on that name) is logged, and made again at most every ten minutes; until then
 * those installs see changes on the resync.
 */
final class ConfigMapWatches implements AutoCloseable {

    private static final Logger LOG = Logger.getLogger(ConfigMapWatches.class.getName());

    /** How long after a refused watch it is tried again. */
    static final java.time.Duration RETRY_REFUSED = java.time.Duration.ofMinutes(10);

    private final InstallerConnections connections;
    private final SpecFollower.Requeue requeue;
    private final Map<WatchedConfigMap, Watch> watches = new HashMap<>();
    private final Map<String, WatchedConfigMap> byInstall = new HashMap<>();
    private boolean closed;

    ConfigMapWatches(InstallerConnections connections, SpecFollower.Requeue requeue) {
        this.connections = Objects.requireNonNull(connections, "connections");
        this.requeue = Objects.requireNonNull(requeue, "requeue");
    }

    /** Install {@code namespace/name} now reads {@code configMap} (or none). */
    synchronized void follow(String namespace, String name, WatchedConfigMap configMap) {
        if (closed) {
            return;
        }
        String key = namespace + "/" + name;
        WatchedConfigMap before = configMap == null ? byInstall.remove(key) : byInstall.put(key, configMap);
        if (Objects.equals(before, configMap)) {
            retryIfRefusedLongAgo(configMap);
            return;
        }
        if (before != null) {
            Watch old = watches.get(before);
            old.installs().remove(key);
            if (old.installs().isEmpty()) {
                watches.remove(before);
                old.stop();
            }
        }
        if (configMap != null) {
            watches.computeIfAbsent(configMap, this::start).installs().add(key);
        }
    }

    /**
     * A watch the account was refused is made again once {@link #RETRY_REFUSED} has passed, the next
     * time an install that reads it is seen: rights granted later take effect without a restart, and
     * an account that stays without them costs one refused request per period, not one per event.
     */
    private void retryIfRefusedLongAgo(WatchedConfigMap configMap) {
        Watch watch = configMap == null ? null : watches.get(configMap);
        if (watch != null && watch.refusedAt() != null
                && System.nanoTime() - watch.refusedAt() > RETRY_REFUSED.toNanos()) {
            Watch again = start(configMap);
            again.installs().addAll(watch.installs());
            watches.put(configMap, again);
        }
    }

    /** How many ConfigMaps are watched. */
    synchronized int watched() {
        return watches.size();
    }

    private Watch start(WatchedConfigMap configMap) {
        Watch watch = new Watch(configMap, new LinkedHashSet<>());
        SharedIndexInformer<ConfigMap> informer;
        try {
            informer = connections.forInstall(configMap.namespace(), configMap.serviceAccount()).client().configMaps()
                    .inNamespace(configMap.namespace()).withName(configMap.name()).runnableInformer(0);
        } catch (ReconcileException noAccount) {
            // The reconcile reports the missing account; nothing can be watched as nobody.
            return watch;
        }
        informer.addEventHandler(new ResourceEventHandler<>() {
            @Override
            public void onAdd(ConfigMap object) {
                // The first list delivers what exists: that is no change. One made later is.
                if (watch.synced()) {
                    changed(watch, "created");
                }
            }

            @Override
            public void onUpdate(ConfigMap old, ConfigMap now) {
                if (!Objects.equals(old.getMetadata().getResourceVersion(), now.getMetadata().getResourceVersion())) {
                    changed(watch, "changed (resourceVersion " + now.getMetadata().getResourceVersion() + ")");
                }
            }

            @Override
            public void onDelete(ConfigMap object, boolean finalStateUnknown) {
                changed(watch, "deleted");
            }
        });
        watch.informer(informer);
        informer.start().whenComplete((ignored, failure) -> {
            if (failure != null) {
                LOG.warning(() -> "cannot watch " + configMap.describe() + " as " + (configMap.serviceAccount() == null
                        ? "the controller" : "ServiceAccount " + configMap.serviceAccount()) + ": "
                        + firstLine(failure.getMessage()) + "; its changes are seen on the resync only (grant the "
                        + "account list and watch on it)");
                informer.stop();
                watch.markRefused(System.nanoTime());
            } else {
                watch.markSynced();
            }
        });
        return watch;
    }

    private void changed(Watch watch, String what) {
        Set<String> installs;
        synchronized (this) {
            installs = Set.copyOf(watch.installs());
        }
        for (String key : installs) {
            int slash = key.indexOf('/');
            requeue.requeue(key.substring(0, slash), key.substring(slash + 1), watch.configMap().describe() + " " + what);
        }
    }

    @Override
    public synchronized void close() {
        closed = true;
        watches.values().forEach(Watch::stop);
        watches.clear();
        byInstall.clear();
    }

    private static String firstLine(String text) {
        if (text == null) {
            return "";
        }
        int newline = text.indexOf('\n');
        return newline < 0 ? text : text.substring(0, newline);
    }

    /** One ConfigMap's informer and the installs that read it. */
    private static final class Watch {
        private final WatchedConfigMap configMap;
        private final Set<String> installs;
        private volatile SharedIndexInformer<ConfigMap> informer;
        private volatile boolean synced;
        private volatile Long refusedAt;

        Watch(WatchedConfigMap configMap, Set<String> installs) {
            this.configMap = configMap;
            this.installs = installs;
        }

        WatchedConfigMap configMap() {
            return configMap;
        }

        Set<String> installs() {
            return installs;
        }

        void informer(SharedIndexInformer<ConfigMap> informer) {
            this.informer = informer;
        }

        boolean synced() {
            return synced;
        }

        void markSynced() {
            synced = true;
        }

        /** When the watch was refused ({@link System#nanoTime()}), or null. */
        Long refusedAt() {
            return refusedAt;
        }

        void markRefused(long nanoTime) {
            refusedAt = nanoTime;
        }

        void stop() {
            SharedIndexInformer<ConfigMap> running = informer;
            if (running != null) {
                running.stop();
            }
        }
    }
}
