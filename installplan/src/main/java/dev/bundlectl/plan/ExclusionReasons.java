package dev.bundlectl.plan;

import dev.bundlectl.plan.model.ManifestExclusion;
import dev.bundlectl.bundle.Manifest;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Applies every exclusion rule to every manifest once, for the bundle and payload planners. */
final class ExclusionReasons {

    private ExclusionReasons() {
    }

    /** Every rule's reason for each manifest, joined with {@code "; "}; empty when no rule excludes it. */
    static Map<Manifest, Optional<String>> of(List<Manifest> manifests, List<ManifestExclusion> rules) {
        Map<Manifest, Optional<String>> reasons = new IdentityHashMap<>();
        for (Manifest manifest : manifests) {
            List<String> found = new ArrayList<>();
            for (ManifestExclusion rule : rules) {
                rule.reason(manifest).filter(reason -> !reason.isBlank()).ifPresent(found::add);
            }
            reasons.put(manifest, found.isEmpty() ? Optional.empty() : Optional.of(String.join("; ", found)));
        }
        return reasons;
    }
}
