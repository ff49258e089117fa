package dev.bundlectl.plan.api;

import dev.bundlectl.bundle.kinds.GroupKind;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * An immutable API surface built from a list of resources, indexed by group/version/kind.
 * Built-in releases, surface files and a bundle's own CRDs are all static surfaces.
 */
public final class StaticApiSurface implements ApiSurface {

    private final String description;
    private final boolean listsEveryVersion;
    private final Map<GroupVersionKind, ApiResource> byGvk;
    private final Map<GroupKind, List<String>> versionsByGroupKind;
    private final String kubernetesVersion;

    private StaticApiSurface(String description, Collection<ApiResource> resources, boolean listsEveryVersion) {
        this(description, resources, listsEveryVersion, null);
    }

    private StaticApiSurface(String description, Collection<ApiResource> resources, boolean listsEveryVersion,
            String kubernetesVersion) {
        this.description = Objects.requireNonNull(description, "description");
        this.kubernetesVersion = kubernetesVersion;
        this.listsEveryVersion = listsEveryVersion;
        Map<GroupVersionKind, ApiResource> index = new LinkedHashMap<>();
        Map<GroupKind, TreeSet<String>> versions = new TreeMap<>();
        for (ApiResource resource : resources) {
            GroupVersionKind gvk = new GroupVersionKind(resource.group(), resource.version(), resource.kind());
            ApiResource earlier = index.putIfAbsent(gvk, resource);
            if (earlier != null && !earlier.equals(resource)) {
                throw new IllegalArgumentException("conflicting entries for " + gvk + ": " + earlier + " and " + resource);
            }
            versions.computeIfAbsent(new GroupKind(resource.group(), resource.kind()), k -> new TreeSet<>())
                    .add(resource.version());
        }
        this.byGvk = Collections.unmodifiableMap(index);
        Map<GroupKind, List<String>> frozen = new TreeMap<>();
        versions.forEach((groupKind, set) -> frozen.put(groupKind, List.copyOf(set)));
        this.versionsByGroupKind = Collections.unmodifiableMap(frozen);
    }

    /**
     * A surface that lists every served version of each kind.
     *
     * @param description where the surface came from, for messages
     * @param resources the served resources; a GVK may repeat only with identical data
     * @throws IllegalArgumentException when one GVK is given twice with different data
     */
    public static StaticApiSurface of(String description, Collection<ApiResource> resources) {
        return new StaticApiSurface(description, resources, true);
    }

    /**
     * A surface that lists only each group's preferred version, as {@code kubectl
     * api-resources} does; see {@link ApiSurface#listsEveryVersion}.
     */
    public static StaticApiSurface preferredVersionsOnly(String description, Collection<ApiResource> resources) {
        return new StaticApiSurface(description, resources, false);
    }

    /** Every resource, in the order given. */
    public List<ApiResource> resources() {
        return List.copyOf(byGvk.values());
    }

    /** This surface plus more resources, under a new description. */
    public StaticApiSurface plus(Collection<ApiResource> more, String newDescription) {
        List<ApiResource> all = new ArrayList<>(byGvk.values());
        all.addAll(more);
        return new StaticApiSurface(newDescription, all, listsEveryVersion, kubernetesVersion);
    }

    /** This surface, known to be that of this Kubernetes release (e.g. {@code 1.34.0}). */
    public StaticApiSurface withKubernetesVersion(String version) {
        return new StaticApiSurface(description, byGvk.values(), listsEveryVersion, version);
    }

    @Override
    public Optional<String> kubernetesVersion() {
        return Optional.ofNullable(kubernetesVersion);
    }

    @Override
    public Optional<ApiResource> find(String group, String version, String kind) {
        return Optional.ofNullable(byGvk.get(new GroupVersionKind(group, version, kind)));
    }

    @Override
    public boolean servesKind(String group, String kind) {
        return versionsByGroupKind.containsKey(new GroupKind(group, kind));
    }

    @Override
    public List<String> servedVersions(String group, String kind) {
        return versionsByGroupKind.getOrDefault(new GroupKind(group, kind), List.of());
    }

    @Override
    public boolean listsEveryVersion(String group, String kind) {
        return listsEveryVersion;
    }

    @Override
    public String description() {
        return description;
    }

    @Override
    public String toString() {
        return "StaticApiSurface[" + description + ", " + byGvk.size() + " resources]";
    }
}
