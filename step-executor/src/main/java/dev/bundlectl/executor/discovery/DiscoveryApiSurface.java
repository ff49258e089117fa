package dev.bundlectl.executor.discovery;

import dev.bundlectl.bundle.kinds.GroupKind;
import dev.bundlectl.plan.api.ApiResource;
import dev.bundlectl.plan.api.ApiSurface;
import dev.bundlectl.plan.api.GroupVersionKind;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A live cluster's discovery as an {@link ApiSurface}, so that a plan can be made against what
 * the cluster really serves. A snapshot: later changes on the cluster are not seen. Group/versions
 * whose discovery failed are neither served nor unserved: {@link #discoveryFailure} says why.
 */
public final class DiscoveryApiSurface implements ApiSurface {

    private final Map<GroupVersionKind, ApiResource> byGvk = new HashMap<>();
    private final Set<GroupKind> groupKinds = new HashSet<>();
    private final Map<GroupVersion, String> failed;
    private final String description;

    /** A surface of the given group/versions, all discovered. */
    public DiscoveryApiSurface(Collection<GroupVersionResources> served, String description) {
        this(served, Map.of(), description);
    }

    /**
     * A surface of the given group/versions.
     *
     * @param served the group/versions that were discovered
     * @param failed the group/versions whose discovery failed, with the message to show
     * @param description where the surface came from
     */
    public DiscoveryApiSurface(Collection<GroupVersionResources> served, Map<GroupVersion, String> failed,
            String description) {
        for (GroupVersionResources groupVersion : served) {
            for (ApiResource resource : groupVersion.byKind().values()) {
                byGvk.put(key(resource.group(), resource.version(), resource.kind()), resource);
                groupKinds.add(new GroupKind(resource.group(), resource.kind()));
            }
        }
        this.failed = Map.copyOf(failed);
        this.description = description;
    }

    /** The group/versions whose discovery failed, with the message that says so. */
    public Map<GroupVersion, String> failures() {
        return failed;
    }

    @Override
    public Optional<String> discoveryFailure(String group, String version) {
        return Optional.ofNullable(failed.get(new GroupVersion(group, version)));
    }

    @Override
    public Optional<ApiResource> find(String group, String version, String kind) {
        return Optional.ofNullable(byGvk.get(key(group, version, kind)));
    }

    @Override
    public boolean servesKind(String group, String kind) {
        return groupKinds.contains(new GroupKind(group, kind));
    }

    @Override
    public String description() {
        return description;
    }

    private static GroupVersionKind key(String group, String version, String kind) {
        return new GroupVersionKind(group, version, kind);
    }
}
