package dev.bundlectl.executor.discovery;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.executor.kube.KubeApi;
import dev.bundlectl.plan.api.ApiResource;
import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The API server's discovery documents, cached per group/version. Lookups for the same
 * group/version share one request; a failed request is not cached, so the next lookup asks
 * again. Safe to use from several Vert.x contexts.
 */
public final class Discovery {

    private final KubeApi api;
    private final Map<String, Future<GroupVersionResources>> cache = new ConcurrentHashMap<>();

    /** Discovery through {@code api}. */
    public Discovery(KubeApi api) {
        this.api = Objects.requireNonNull(api, "api");
    }

    /** The served resource for a group, version and kind, if the server serves it. */
    public Future<Optional<ApiResource>> find(String group, String version, String kind) {
        return groupVersion(group, version).map(resources -> resources.find(kind));
    }

    /** What a group/version serves, from the cache when present. */
    public Future<GroupVersionResources> groupVersion(String group, String version) {
        String key = GroupVersionResources.path(group, version);
        Future<GroupVersionResources> cached = cache.get(key);
        if (cached != null) {
            return cached;
        }
        Future<GroupVersionResources> loading = load(group, version);
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
        cache.remove(GroupVersionResources.path(group, version));
        return groupVersion(group, version);
    }

    /**
     * Loads every served group/version ({@code /api} and {@code /apis}) into an
     * {@link DiscoveryApiSurface} that can plan against this cluster.
     */
    public Future<DiscoveryApiSurface> snapshot() {
        Future<List<String[]>> core = api.discover("/api").map(Discovery::coreVersions);
        Future<List<String[]>> groups = api.discover("/apis").map(Discovery::groupVersions);
        return Future.all(core, groups).compose(both -> {
            List<String[]> all = new ArrayList<>(core.result());
            all.addAll(groups.result());
            List<Future<GroupVersionResources>> loads = new ArrayList<>();
            for (String[] groupVersion : all) {
                loads.add(refresh(groupVersion[0], groupVersion[1]));
            }
            return Future.all(loads).map(done -> {
                List<GroupVersionResources> loaded = new ArrayList<>();
                loads.forEach(load -> loaded.add(load.result()));
                return new DiscoveryApiSurface(loaded, "live cluster " + api.server());
            });
        });
    }

    private Future<GroupVersionResources> load(String group, String version) {
        return api.discover(GroupVersionResources.path(group, version))
                .map(document -> document
                        .map(found -> GroupVersionResources.fromDocument(group, version, found))
                        .orElseGet(() -> GroupVersionResources.notServed(group, version)));
    }

    private static List<String[]> coreVersions(Optional<JsonNode> document) {
        List<String[]> versions = new ArrayList<>();
        document.ifPresent(found -> found.path("versions")
                .forEach(version -> versions.add(new String[] {"", version.asText()})));
        return versions;
    }

    private static List<String[]> groupVersions(Optional<JsonNode> document) {
        List<String[]> versions = new ArrayList<>();
        document.ifPresent(found -> found.path("groups").forEach(group -> {
            String name = group.path("name").asText("");
            group.path("versions").forEach(version -> {
                String v = version.path("version").asText("");
                if (!name.isEmpty() && !v.isEmpty()) {
                    versions.add(new String[] {name, v});
                }
            });
        }));
        return versions;
    }
}
