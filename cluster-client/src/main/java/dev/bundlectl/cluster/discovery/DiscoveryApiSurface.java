package dev.bundlectl.cluster.discovery;

import dev.bundlectl.plan.api.ApiResource;
import dev.bundlectl.plan.api.ApiSurface;
import io.vertx.core.Context;
import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.function.Function;

/**
 * A live cluster's discovery as an {@link ApiSurface}, so that a plan can be made against what
 * the cluster really serves. It knows every served group/version from the root documents
 * ({@code /api}, {@code /apis}), and reads what a group/version serves only when first asked: a
 * cluster serves some thirty group/versions and a bundle's plan consults a handful, each one more
 * request and document to read on every run. {@link Discovery#surface} loads the groups a plan is
 * known to consult before planning ({@code ConsultedGroups}).
 *
 * <p>A snapshot: each group/version is read at most once, and later changes on the cluster are
 * not seen. A group/version whose discovery failed is neither served nor unserved:
 * {@link #discoveryFailure} says why. A group the root documents do not list is not served, with
 * no request. A question about a group/version not loaded yet waits for its load, so it must not be
 * asked on an event loop, where it fails with {@link IllegalStateException} instead of blocking.
 */
public final class DiscoveryApiSurface implements ApiSurface {

    private final Map<String, List<String>> versionsByGroup;
    private final Map<GroupVersion, Future<GroupVersionResources>> loads = new ConcurrentHashMap<>();
    private final Function<GroupVersion, Future<GroupVersionResources>> loader;
    private final String description;

    /**
     * A surface of the group/versions the root documents listed.
     *
     * @param listed every served group/version, each with its resources when the root document
     *     already carried them (aggregated discovery), else null: read through {@code loader} when asked
     * @param loader reads one group/version's resources
     * @param description where the surface came from
     */
    DiscoveryApiSurface(Map<GroupVersion, Future<GroupVersionResources>> listed,
            Function<GroupVersion, Future<GroupVersionResources>> loader, String description) {
        Map<String, List<String>> versions = new LinkedHashMap<>();
        listed.forEach((groupVersion, known) -> {
            versions.computeIfAbsent(groupVersion.group(), group -> new ArrayList<>()).add(groupVersion.version());
            if (known != null) {
                loads.put(groupVersion, known);
            }
        });
        versions.replaceAll((group, list) -> List.copyOf(list));
        this.versionsByGroup = Map.copyOf(versions);
        this.loader = loader;
        this.description = description;
    }

    /**
     * Starts reading every listed version of {@code groups} (the others wait until asked); completes
     * when all have been read, whether or not they succeeded.
     */
    Future<DiscoveryApiSurface> load(Set<String> groups) {
        List<Future<GroupVersionResources>> started = new ArrayList<>();
        for (String group : groups) {
            for (String version : versionsByGroup.getOrDefault(group, List.of())) {
                started.add(start(new GroupVersion(group, version)));
            }
        }
        return Future.join(started).transform(done -> Future.succeededFuture(this));
    }

    /**
     * Every resource of the group/versions read so far, once per group and kind: through the first
     * version the root documents list for its group, which is the server's preferred one. For an
     * operation that reads every kind the cluster serves (the collector of what installs left).
     */
    public List<ApiResource> resources() {
        Map<String, ApiResource> byGroupKind = new LinkedHashMap<>();
        versionsByGroup.forEach((group, versions) -> versions.forEach(version -> {
            Future<GroupVersionResources> load = loads.get(new GroupVersion(group, version));
            if (load != null && load.succeeded()) {
                load.result().byKind().values()
                        .forEach(resource -> byGroupKind.putIfAbsent(group + "/" + resource.kind(), resource));
            }
        }));
        return List.copyOf(byGroupKind.values());
    }

    /**
     * Every resource of the group/versions read so far, through each version that serves it (a kind
     * two versions serve is listed twice): what the server serves, as a built-in surface lists it.
     */
    public List<ApiResource> resourcesOfEveryVersion() {
        List<ApiResource> all = new ArrayList<>();
        versionsByGroup.forEach((group, versions) -> versions.forEach(version -> {
            Future<GroupVersionResources> load = loads.get(new GroupVersion(group, version));
            if (load != null && load.succeeded()) {
                all.addAll(load.result().byKind().values());
            }
        }));
        return List.copyOf(all);
    }

    /** Whether the root documents list {@code group}: when not, no version of it is served. */
    public boolean listsGroup(String group) {
        return versionsByGroup.containsKey(group);
    }

    /** The group/versions read so far whose discovery failed, with the message that says so. */
    public Map<GroupVersion, String> failures() {
        Map<GroupVersion, String> failed = new LinkedHashMap<>();
        versionsByGroup.forEach((group, versions) -> versions.forEach(version -> {
            Future<GroupVersionResources> load = loads.get(new GroupVersion(group, version));
            if (load != null && load.failed() && load.cause() instanceof DiscoveryFailedException discoveryFailed) {
                failed.put(discoveryFailed.groupVersion(), discoveryFailed.getMessage());
            }
        }));
        return failed;
    }

    @Override
    public Optional<String> discoveryFailure(String group, String version) {
        if (!lists(group, version)) {
            return Optional.empty();
        }
        Future<GroupVersionResources> load = loaded(new GroupVersion(group, version));
        return load.failed() && load.cause() instanceof DiscoveryFailedException discoveryFailed
                ? Optional.of(discoveryFailed.getMessage())
                : Optional.empty();
    }

    @Override
    public Optional<ApiResource> find(String group, String version, String kind) {
        if (!lists(group, version)) {
            return Optional.empty();
        }
        Future<GroupVersionResources> load = loaded(new GroupVersion(group, version));
        return load.succeeded() ? load.result().find(kind) : Optional.empty();
    }

    @Override
    public boolean servesKind(String group, String kind) {
        for (String version : versionsByGroup.getOrDefault(group, List.of())) {
            if (find(group, version, kind).isPresent()) {
                return true;
            }
        }
        return false;
    }

    @Override
    public String description() {
        return description;
    }

    private boolean lists(String group, String version) {
        return versionsByGroup.getOrDefault(group, List.of()).contains(version);
    }

    private Future<GroupVersionResources> start(GroupVersion groupVersion) {
        return loads.computeIfAbsent(groupVersion, loader);
    }

    /** The group/version's load, waited for when it is still running (never on an event loop). */
    private Future<GroupVersionResources> loaded(GroupVersion groupVersion) {
        Future<GroupVersionResources> load = start(groupVersion);
        if (load.isComplete()) {
            return load;
        }
        if (Context.isOnEventLoopThread()) {
            throw new IllegalStateException("the discovery of " + groupVersion + " was asked for on an event loop "
                    + "before it was read; the groups read before planning must include " + groupVersion.group());
        }
        try {
            load.toCompletionStage().toCompletableFuture().get();
        } catch (ExecutionException failed) {
            // The load's failure is read from the future itself, as for one that had completed.
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while reading the discovery of " + groupVersion, interrupted);
        }
        return load;
    }
}
