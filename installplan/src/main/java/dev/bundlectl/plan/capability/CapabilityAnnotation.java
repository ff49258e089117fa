package dev.bundlectl.plan.capability;

import dev.bundlectl.bundle.Diagnostics;
import dev.bundlectl.bundle.Manifest;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * The {@code capability.openshift.io/name} annotation: {@code A+B} names every capability a
 * manifest belongs to. The value is split on {@code +} with no trimming, as library-go does, so
 * {@code "A+ B"} names {@code "A"} and {@code " B"}.
 */
public final class CapabilityAnnotation {

    /** The annotation key. */
    public static final String KEY = "capability.openshift.io/name";
    /** The annotation as a diagnostic field path. */
    public static final String FIELD = "metadata.annotations[" + KEY + "]";

    private CapabilityAnnotation() {
    }

    /**
     * The capabilities the manifest belongs to, in annotation order without repeats; empty when
     * the annotation is absent or empty (such a manifest is always included).
     */
    public static List<String> capabilitiesOf(Manifest manifest) {
        String value = manifest.annotation(KEY);
        if (value == null || value.isEmpty()) {
            return List.of();
        }
        // limit -1 keeps trailing empty names ("A+"), which then show up as a warning instead of vanishing.
        return List.copyOf(new LinkedHashSet<>(List.of(value.split("\\+", -1))));
    }

    /** Every capability name used by any of the manifests, sorted. */
    public static SortedSet<String> namesIn(Collection<Manifest> manifests) {
        TreeSet<String> names = new TreeSet<>();
        for (Manifest manifest : manifests) {
            names.addAll(capabilitiesOf(manifest));
        }
        return CapabilitySets.sorted(names);
    }

    /**
     * Warnings for annotation values that are legal but almost certainly typos: an empty name
     * ({@code "A++B"}, {@code "A+"}) or a name with surrounding whitespace ({@code "A+ B"}).
     * Such names are not trimmed, so they never match a real capability.
     */
    public static Diagnostics check(Collection<Manifest> manifests) {
        Diagnostics.Collector found = new Diagnostics.Collector();
        for (Manifest manifest : manifests) {
            String value = manifest.annotation(KEY);
            if (value == null || value.isEmpty()) {
                continue;
            }
            List<String> suspicious = new ArrayList<>();
            for (String name : value.split("\\+", -1)) {
                if (name.isEmpty() || !name.equals(name.strip())) {
                    suspicious.add("\"" + name + "\"");
                }
            }
            if (!suspicious.isEmpty()) {
                found.warning(manifest.source(), manifest.displayName(), FIELD,
                        "capability names are not trimmed; value \"" + value + "\" contains "
                                + String.join(", ", suspicious) + ", which matches no real capability");
            }
        }
        return found.toDiagnostics();
    }
}
