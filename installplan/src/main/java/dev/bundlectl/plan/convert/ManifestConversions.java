package dev.bundlectl.plan.convert;

import dev.bundlectl.bundle.Diagnostics;
import dev.bundlectl.bundle.Manifest;
import dev.bundlectl.bundle.SourceLocation;
import dev.bundlectl.plan.api.ApiSurface;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * A bundle's manifests with the objects of removed API versions converted where the policy says
 * so, and what was converted or could not be. Immutable once made.
 */
public final class ManifestConversions {

    /** The condition type a plan with conversions carries. */
    public static final String CONDITION_TYPE = "Converted";

    private final List<Manifest> manifests;
    private final Map<ObjectKey, RemovedApiVersion> converted;
    private final Map<ObjectKey, String> refused;

    /**
     * A manifest by where it came from and what it names, so that it is found again after later
     * planning stages copy it (render mode patches CRDs, for one).
     */
    private record ObjectKey(SourceLocation source, String kind, String name) {
        static ObjectKey of(Manifest manifest) {
            return new ObjectKey(manifest.source(), manifest.kind(), manifest.name());
        }
    }

    private ManifestConversions(List<Manifest> manifests, Map<ObjectKey, RemovedApiVersion> converted,
            Map<ObjectKey, String> refused) {
        this.manifests = List.copyOf(manifests);
        this.converted = converted;
        this.refused = refused;
    }

    /**
     * Converts what {@code policy} says to convert. A refused conversion leaves the manifest as it
     * was, and warns naming the file, the object and the field.
     *
     * @param manifests the bundle's manifests, in any order
     * @param policy which removed versions to convert
     * @param surface what the target serves, as the request gives it (without the bundle's CRDs)
     * @param warnings where the refusals are reported
     */
    public static ManifestConversions of(List<Manifest> manifests, ConversionPolicy policy, ApiSurface surface,
            Diagnostics.Collector warnings) {
        List<Manifest> result = new ArrayList<>(manifests.size());
        Map<ObjectKey, RemovedApiVersion> converted = new HashMap<>();
        Map<ObjectKey, String> refused = new HashMap<>();
        for (Manifest manifest : manifests) {
            Optional<RemovedApiVersion> removed =
                    RemovedApiVersions.of(manifest.group(), manifest.version(), manifest.kind())
                            .filter(candidate -> policy.converts(candidate, manifest.kind(), surface));
            if (removed.isEmpty()) {
                result.add(manifest);
                continue;
            }
            ConversionResult outcome = removed.get().convert(manifest.body());
            if (outcome instanceof ConversionResult.Converted done) {
                Manifest replaced = new Manifest(manifest.source(), removed.get().replacementApiVersion(),
                        manifest.kind(), manifest.name(), manifest.namespace(), manifest.annotations(), done.body());
                converted.put(ObjectKey.of(replaced), removed.get());
                result.add(replaced);
            } else {
                ConversionResult.Refused refusal = (ConversionResult.Refused) outcome;
                String message = "cannot be converted from " + removed.get().removedApiVersion() + " to "
                        + removed.get().replacementApiVersion() + ", which " + surface.description()
                        + " serves instead: " + refusal.message();
                warnings.warning(manifest.source(), manifest.displayName(), refusal.field(), message);
                refused.put(ObjectKey.of(manifest), message);
                result.add(manifest);
            }
        }
        return new ManifestConversions(result, converted, refused);
    }

    /** The manifests, converted ones in place of their originals, in the original order. */
    public List<Manifest> manifests() {
        return manifests;
    }

    /** The removed version this manifest (one of {@link #manifests()}, or a copy) was converted from, if it was. */
    public Optional<RemovedApiVersion> convertedFrom(Manifest manifest) {
        return Optional.ofNullable(converted.get(ObjectKey.of(manifest)));
    }

    /** Why this manifest, at a removed version the target does not serve, could not be converted. */
    public Optional<String> refusal(Manifest manifest) {
        return Optional.ofNullable(refused.get(ObjectKey.of(manifest)));
    }

    /** The removed {@code group/version}s at least one manifest was converted from, sorted. */
    public SortedSet<String> removedApiVersions() {
        SortedSet<String> versions = new TreeSet<>();
        converted.values().forEach(removed -> versions.add(removed.removedApiVersion()));
        return versions;
    }

    /**
     * The condition's message: how many objects were converted from each removed version, e.g.
     * {@code 2 objects converted from removed API versions: 2 apiextensions.k8s.io/v1beta1 to
     * apiextensions.k8s.io/v1 (CustomResourceDefinition)}; empty when nothing was converted.
     */
    public Optional<String> summary() {
        if (converted.isEmpty()) {
            return Optional.empty();
        }
        Map<String, Integer> counts = new LinkedHashMap<>();
        for (Manifest manifest : manifests) {
            RemovedApiVersion removed = converted.get(ObjectKey.of(manifest));
            if (removed != null) {
                counts.merge(removed.removedApiVersion() + " to " + removed.replacementApiVersion() + " ("
                        + manifest.kind() + ")", 1, Integer::sum);
            }
        }
        List<String> parts = new ArrayList<>();
        counts.forEach((what, count) -> parts.add(count + " " + what));
        return Optional.of(converted.size() + (converted.size() == 1 ? " object" : " objects")
                + " converted from removed API versions: " + String.join(", ", parts));
    }
}
