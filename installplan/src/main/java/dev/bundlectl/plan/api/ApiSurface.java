package dev.bundlectl.plan.api;

import java.util.List;
import java.util.Optional;

/**
 * The set of served group/version/kinds with their scope: a built-in Kubernetes release, a file,
 * or a live cluster's discovery.
 */
public interface ApiSurface {

    /** The served resource for this group, version and kind, if any. */
    Optional<ApiResource> find(String group, String version, String kind);

    /** Whether any version of this group and kind is served (used to word messages). */
    boolean servesKind(String group, String kind);

    /** A short description of where this surface came from, e.g. {@code built-in kubernetes 1.34}. */
    String description();

    /**
     * The versions at which this group and kind are served, sorted; empty when none are or when
     * this surface cannot enumerate them.
     */
    default List<String> servedVersions(String group, String kind) {
        return List.of();
    }

    /**
     * Whether this surface lists every served version of this group and kind. {@code kubectl
     * api-resources} lists only each group's preferred version, so a version missing from such a
     * surface may still be served: a planner must not predict a failure from that absence alone.
     */
    default boolean listsEveryVersion(String group, String kind) {
        return true;
    }

    /**
     * Why this surface cannot tell whether a group/version is served: its discovery failed (see
     * {@link DiscoveryFailures}). Empty when the surface knows, which is always the case for a
     * surface that does not come from a live cluster.
     */
    default Optional<String> discoveryFailure(String group, String version) {
        return Optional.empty();
    }

    /**
     * The Kubernetes release this surface is known to be, such as {@code 1.34.0} for the built-in
     * surface; empty when it is not known (a surface file, a live cluster's discovery: its
     * version is read separately). A CSV's {@code spec.minKubeVersion} is checked against it.
     */
    default Optional<String> kubernetesVersion() {
        return Optional.empty();
    }

    /**
     * A surface serving what either serves. {@link #find} asks {@code first} before
     * {@code second}, so {@code first}'s scope wins where both serve a GVK.
     */
    static ApiSurface union(ApiSurface first, ApiSurface second) {
        return new UnionApiSurface(first, second);
    }
}
