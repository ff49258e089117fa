package dev.bundlectl.plan;

import dev.bundlectl.bundle.kinds.GroupKind;
import dev.bundlectl.plan.api.ApiResource;
import dev.bundlectl.plan.api.ApiSurface;
import dev.bundlectl.plan.api.ApiSurfaces;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The scope of a kind when the plan's surface does not serve its API: the built-in Kubernetes
 * and OLM lists at any version, and the cluster-scoped OpenShift kinds that bundles carry.
 * Anything else is assumed namespaced, as most custom kinds are.
 */
final class KnownScopes {

    /** Cluster-scoped kinds outside the built-in lists, as {@code group/Kind}. */
    private static final Set<GroupKind> OTHER_CLUSTER_SCOPED = Stream.of(
            "console.openshift.io/ConsoleYAMLSample",
            "console.openshift.io/ConsoleQuickStart",
            "console.openshift.io/ConsoleCLIDownload",
            "console.openshift.io/ConsoleLink",
            "console.openshift.io/ConsolePlugin",
            "console.openshift.io/ConsoleNotification",
            "console.openshift.io/ConsoleExternalLogLink",
            "security.openshift.io/SecurityContextConstraints",
            "config.openshift.io/ClusterOperator",
            "config.openshift.io/ClusterVersion")
            .map(GroupKind::parse).collect(Collectors.toUnmodifiableSet());

    private KnownScopes() {
    }

    /**
     * Whether objects of this kind are namespaced: from the surface at this version, else at any
     * version it serves, else from the built-in lists, else namespaced unless a known
     * cluster-scoped kind.
     */
    static boolean isNamespaced(ApiSurface surface, String group, String version, String kind) {
        return scopeFrom(surface, group, version, kind)
                .or(() -> scopeFrom(ApiSurfaces.builtIn(), group, version, kind))
                .orElse(!OTHER_CLUSTER_SCOPED.contains(new GroupKind(group, kind)));
    }

    private static Optional<Boolean> scopeFrom(ApiSurface surface, String group, String version, String kind) {
        Optional<ApiResource> exact = surface.find(group, version, kind);
        if (exact.isPresent()) {
            return Optional.of(exact.get().namespaced());
        }
        List<String> versions = surface.servedVersions(group, kind);
        for (String other : versions) {
            Optional<ApiResource> resource = surface.find(group, other, kind);
            if (resource.isPresent()) {
                return Optional.of(resource.get().namespaced());
            }
        }
        return Optional.empty();
    }
}
