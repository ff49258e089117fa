package dev.bundlectl.plan.api;

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
}
