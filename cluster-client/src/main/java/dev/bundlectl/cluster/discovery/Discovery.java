package dev.bundlectl.cluster.discovery;

import dev.bundlectl.cluster.kube.DiscoveryDocument;
import dev.bundlectl.cluster.kube.KubeApi;
import dev.bundlectl.plan.api.ApiResource;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
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

    /**
     * This discovery's cache, read and filled through {@code other}: a view of a connection that acts
     * as another identity sends its discovery requests as that identity, while what the server
     * serves, the same for every identity that may read discovery, is held once. A controller keeps
     * one view per tenant account, and a cache each came to 20 KB an account (bench/README.md,
     * "Controller fleet at 1,000 installs").
     */
    public Discovery sharedThrough(KubeApi other) {
        return new Discovery(other, vertx, retries, cache);
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
     * What this cluster serves, as a {@link DiscoveryApiSurface}, with every group/version read.
     * As {@link #surface} for every listed group.
     */
    public Future<DiscoveryApiSurface> snapshot() {
        return surface(null);
    }

    /**
     * What this cluster serves, as a {@link DiscoveryApiSurface} that can plan against it.
     * {@code /api} and {@code /apis} are asked for aggregated discovery, which lists every resource
     * at once; a server that answers the plain lists is asked per group/version, here for
     * {@code groups}, and later for any other group a question names. A group/version whose
     * discovery fails (say an aggregated API answering 503) is recorded as failed in the surface
     * and the others stand. Fails only when {@code /api} or {@code /apis} itself cannot be read.
     *
     * @param groups the groups to read now; null for every listed group
     */
    public Future<DiscoveryApiSurface> surface(Set<String> groups) {
        Future<Map<GroupVersion, Future<GroupVersionResources>>> core = root("/api");
        Future<Map<GroupVersion, Future<GroupVersionResources>>> named = root("/apis");
        return Future.all(core, named).compose(both -> {
            Map<GroupVersion, Future<GroupVersionResources>> listed = new LinkedHashMap<>(core.result());
            named.result().forEach(listed::putIfAbsent);
            DiscoveryApiSurface surface = new DiscoveryApiSurface(listed,
                    each -> refresh(each.group(), each.version()), "live cluster " + api.server());
            return surface.load(groups != null ? groups : groupsOf(listed.keySet()));
        });
    }

    private static Set<String> groupsOf(Set<GroupVersion> groupVersions) {
        Set<String> groups = new LinkedHashSet<>();
        groupVersions.forEach(each -> groups.add(each.group()));
        return groups;
    }

    private Future<Map<GroupVersion, Future<GroupVersionResources>>> root(String path) {
        return retries.run(vertx.getOrCreateContext(), () -> api.discover(path, AggregatedDiscoveryReader.ACCEPT))
                .map(answer -> answer.map(this::listing).orElse(Map.of()));
    }

    /**
     * The group/versions a root document lists, with the resources of those it carries
     * (aggregated discovery, also kept in this discovery's cache) and null for the others, which
     * are read when the surface needs them: every one of a plain list, and an aggregated list's
     * stale ones, which the server could not refresh (their own endpoint tells, retried while it
     * recovers).
     */
    private Map<GroupVersion, Future<GroupVersionResources>> listing(DiscoveryDocument document) {
        Map<GroupVersion, Future<GroupVersionResources>> listed = new LinkedHashMap<>();
        if (!AggregatedDiscoveryReader.isAggregated(document.contentType())) {
            PlainRootReader.groupVersions(document.body()).forEach(each -> listed.put(each, null));
            return listed;
        }
        AggregatedDiscovery aggregated = AggregatedDiscoveryReader.read(document.body());
        for (GroupVersionResources current : aggregated.current()) {
            GroupVersion key = new GroupVersion(current.group(), current.version());
            Future<GroupVersionResources> known = Future.succeededFuture(current);
            cache.put(key, known);
            listed.put(key, known);
        }
        aggregated.stale().forEach(each -> listed.put(each, null));
        return listed;
    }
}
