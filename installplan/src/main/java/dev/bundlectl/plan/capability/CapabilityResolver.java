package dev.bundlectl.plan.capability;

import dev.bundlectl.bundle.Diagnostics;
import dev.bundlectl.bundle.Manifest;
import dev.bundlectl.bundle.SourceLocation;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;

/**
 * Decides the capabilities a plan runs with, given what is already on the cluster and what an
 * earlier install of the same target enabled (docs/semantics.md §4 "After an install"):
 * <ol>
 *   <li>A capability enabled by the earlier install and disabled now is rejected (docs/semantics.md §4: a
 *       capability can be enabled later, never disabled). The rejection also says what the
 *       cluster-version operator would have kept. Only capabilities that a manifest of this target
 *       carries count: disabling any other cannot change what is applied.</li>
 *   <li>A capability disabled before and enabled now is fine: its skipped manifests now apply.</li>
 *   <li>A manifest the request excludes whose object already exists makes every one of its
 *       capabilities implicitly enabled (docs/semantics.md §4), and with them every manifest of those
 *       capabilities.</li>
 * </ol>
 * Pure: the caller answers "does this object exist" (live, and may also answer from the earlier
 * install's record of applied objects).
 */
public final class CapabilityResolver {

    private CapabilityResolver() {
    }

    /**
     * Resolves the capabilities to plan with.
     *
     * @param requested the validated configuration from the user
     * @param previouslyEnabled the enabled capabilities recorded by an earlier install of the same
     *     target (implicit ones included); empty for a first install
     * @param existsOnCluster whether a manifest's object already exists; asked only about manifests
     *     the request excludes, so it may be a live lookup
     * @param manifests every manifest being planned
     */
    public static CapabilityResolution resolve(CapabilityConfig requested, Set<String> previouslyEnabled,
            Predicate<Manifest> existsOnCluster, List<Manifest> manifests) {
        TreeSet<String> newlyDisabled = new TreeSet<>(previouslyEnabled);
        // Only capabilities this target's manifests carry: disabling any other changes nothing here.
        newlyDisabled.retainAll(CapabilityAnnotation.namesIn(manifests));
        newlyDisabled.removeAll(requested.enabled());
        if (!newlyDisabled.isEmpty()) {
            return reject(requested, List.copyOf(newlyDisabled));
        }
        List<CapabilityResolution.ImplicitEnablement> enablements = new ArrayList<>();
        Set<String> implicit = new LinkedHashSet<>();
        Diagnostics.Collector found = new Diagnostics.Collector();
        for (Manifest manifest : manifests) {
            List<String> disabled = requested.disabledCapabilitiesOf(manifest);
            // A single pass is enough: enabling capabilities only ever shrinks the excluded set.
            if (!disabled.isEmpty() && existsOnCluster.test(manifest)) {
                enablements.add(new CapabilityResolution.ImplicitEnablement(manifest, disabled));
                implicit.addAll(disabled);
                found.warning(manifest.source(), manifest.displayName(), CapabilityAnnotation.FIELD,
                        implicitMessage(disabled));
            }
        }
        return new CapabilityResolution.Resolved(requested.withImplicitlyEnabled(implicit), enablements,
                found.toDiagnostics());
    }

    /**
     * The manifests {@link #resolve} asks {@code existsOnCluster} about: those the request
     * excludes, in manifest order. Knowing them up front lets a caller look them all up on the
     * cluster at once, asynchronously, and then resolve with the answers.
     */
    public static List<Manifest> excludedBy(CapabilityConfig requested, List<Manifest> manifests) {
        return manifests.stream().filter(manifest -> !requested.includes(manifest)).toList();
    }

    private static CapabilityResolution reject(CapabilityConfig requested, List<String> capabilities) {
        String message = (capabilities.size() == 1
                ? "capability " + capabilities.get(0) + " was enabled by an earlier install of this target and"
                        + " cannot be disabled"
                : "capabilities " + String.join(", ", capabilities) + " were enabled by an earlier install of"
                        + " this target and cannot be disabled")
                + "; enable " + (capabilities.size() == 1 ? "it" : "them") + " again (the cluster-version operator"
                + " would keep " + (capabilities.size() == 1 ? "it" : "them") + " implicitly enabled: \""
                + CapabilityReport.couldNotBeDisabled(capabilities) + "\")";
        Diagnostics.Collector found = new Diagnostics.Collector();
        found.error(SourceLocation.file(requested.origin().source()), null, null, message);
        return new CapabilityResolution.Rejected(capabilities, message, found.toDiagnostics());
    }

    private static String implicitMessage(List<String> disabled) {
        String names = String.join(", ", disabled);
        if (disabled.size() == 1) {
            return "already exists on the cluster although capability " + names + " is disabled, so " + names
                    + " is implicitly enabled and all of its manifests are included";
        }
        return "already exists on the cluster although capabilities " + names + " are disabled, so they are"
                + " implicitly enabled and all of their manifests are included";
    }
}
