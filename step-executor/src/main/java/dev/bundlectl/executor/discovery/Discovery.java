package dev.bundlectl.executor.discovery;

import dev.bundlectl.executor.kube.DiscoveryDocument;
import dev.bundlectl.executor.kube.KubeApi;
import dev.bundlectl.plan.api.ApiResource;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The API server's discovery, cached per group/version. Lookups for the same group/version share
 * one request; transient failures are retried ({@link DiscoveryRetries}); a lookup that still
 * fails fails with {@link DiscoveryFailedException} and is not cached, so the next lookup asks
 * again. Safe to use from several Vert.x contexts.
 */
public final class Discovery {

    private final KubeApi api;
    private final Vertx vertx;
    private final GroupVersionLoader loader;
    private final DiscoveryRetries retries;
    private final Map<GroupVersion, Future<GroupVersionResources>> cache;

    /** Discovery through {@code api}, waiting on {@code vertx}'s timers between retries. */
    public Discovery(KubeApi api, Vertx vertx, DiscoveryRetries retries) {
        this(api, vertx, retries, new ConcurrentHashMap<>());
    }

    private Discovery(KubeApi api, Vertx vertx, DiscoveryRetries retries,
            Map<GroupVersion, Future<GroupVersionResources>> cache) {
        this.api = Objects.requireNonNull(api, "api");
        this.vertx = Objects.requireNonNull(vertx, "vertx");
        this.loader = new GroupVersionLoader(api, vertx);
        this.retries = Objects.requireNonNull(retries, "retries");
        this.cache = cache;
    }

    /** How this discovery retries. */
    public DiscoveryRetries retries() {
        return retries;
    }

    /**
     * This discovery with the same cache, retrying as {@code other} says: an execution retries
     * until its own deadline, with its own scheduler.
     */
    public Discovery retrying(DiscoveryRetries other) {
        return new Discovery(api, vertx, other, cache);
    }

    /** The served resource for a group, version and kind, if the server serves it. */
    public Future<Optional<ApiResource>> find(String group, String version, String kind) {
        return groupVersion(group, version).map(resources -> resources.find(kind));
    }

    /** What a group/version serves, from the cache when present. */
    public Future<GroupVersionResources> groupVersion(String group, String version) {
        GroupVersion key = new GroupVersion(group, version);
        Future<GroupVersionResources> cached = cache.get(key);
        if (cached != null) {
            return cached;
        }
        Future<GroupVersionResources> loading = loader.load(key, retries);
        Future<GroupVersionResources> raced = cache.putIfAbsent(key, loading);
        if (raced != null) {
            return raced;
        }
        loading.onFailure(error -> cache.remove(key, loading));
        return loading;
    }

    /**
     * Forgets and reloads a group/version, e.g. once a CRD that adds to it is Established.
     */
    public Future<GroupVersionResources> refresh(String group, String version) {
        cache.remove(new GroupVersion(group, version));
        return groupVersion(group, version);
    }

    /**
     * Loads every served group/version into a {@link DiscoveryApiSurface} that can plan against
     * this cluster. {@code /api} and {@code /apis} are asked for aggregated discovery, which lists
     * every resource at once; a server that answers the plain lists is asked per group/version. A
     * group/version whose discovery fails (say an aggregated API answering 503) is recorded as
     * failed in the surface and the others stand. Fails only when {@code /api} or {@code /apis}
     * itself cannot be read.
     */
    public Future<DiscoveryApiSurface> snapshot() {
        Future<List<Future<GroupVersionResources>>> core = root("/api");
        Future<List<Future<GroupVersionResources>>> groups = root("/apis");
        return Future.all(core, groups).compose(both -> {
            List<Future<GroupVersionResources>> loads = new ArrayList<>(core.result());
            loads.addAll(groups.result());
            return Future.join(loads).transform(done -> Future.succeededFuture(surfaceOf(loads)));
        });
    }

    private Future<List<Future<GroupVersionResources>>> root(String path) {
        return retries.run(vertx.getOrCreateContext(), () -> api.discover(path, AggregatedDiscoveryReader.ACCEPT))
                .map(answer -> answer.map(this::loadsFor).orElse(List.of()));
    }

    private List<Future<GroupVersionResources>> loadsFor(DiscoveryDocument document) {
        List<Future<GroupVersionResources>> loads = new ArrayList<>();
        if (!AggregatedDiscoveryReader.isAggregated(document.contentType())) {
            PlainRootReader.groupVersions(document.body()).forEach(each -> loads.add(refresh(each.group(), each.version())));
            return loads;
        }
        AggregatedDiscovery aggregated = AggregatedDiscoveryReader.read(document.body());
        for (GroupVersionResources current : aggregated.current()) {
            Future<GroupVersionResources> known = Future.succeededFuture(current);
            cache.put(new GroupVersion(current.group(), current.version()), known);
            loads.add(known);
        }
        // The server could not refresh a stale version: its own endpoint tells, retried while it recovers.
        aggregated.stale().forEach(each -> loads.add(refresh(each.group(), each.version())));
        return loads;
    }

    private DiscoveryApiSurface surfaceOf(List<Future<GroupVersionResources>> loads) {
        List<GroupVersionResources> served = new ArrayList<>();
        Map<GroupVersion, String> failed = new LinkedHashMap<>();
        for (Future<GroupVersionResources> load : loads) {
            if (load.succeeded()) {
                served.add(load.result());
            } else if (load.cause() instanceof DiscoveryFailedException discoveryFailed) {
                failed.put(discoveryFailed.groupVersion(), discoveryFailed.getMessage());
            }
        }
        return new DiscoveryApiSurface(served, failed, "live cluster " + api.server());
    }
}
