package dev.bundlectl.bundle;

import dev.bundlectl.bundle.dependency.Dependency;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * A bundle as read from disk: its annotations, every distinct object (the CSV included), and its
 * properties.
 *
 * @param root the bundle directory
 * @param annotations the metadata annotations (defaults filled in when the file is absent)
 * @param csv the one ClusterServiceVersion
 * @param manifests every distinct object in file order (sorted file names, then document index),
 *     the CSV included; identical duplicates appear once
 * @param properties all properties: metadata file, CSV annotation, then derived
 * @param optionalManifests the entries of every {@code olm.manifests.optional} property
 * @param dependencies what the bundle needs installed beside it ({@code metadata/dependencies.yaml}
 *     and the required-properties), first declared first
 */
public record Bundle(
        Path root,
        BundleAnnotations annotations,
        Manifest csv,
        List<Manifest> manifests,
        List<Property> properties,
        List<OptionalManifestRef> optionalManifests,
        List<Dependency> dependencies) {

    public Bundle {
        Objects.requireNonNull(root, "root");
        Objects.requireNonNull(annotations, "annotations");
        Objects.requireNonNull(csv, "csv");
        manifests = List.copyOf(manifests);
        properties = List.copyOf(properties);
        optionalManifests = List.copyOf(optionalManifests);
        dependencies = dependencies == null ? List.of() : List.copyOf(dependencies);
    }

    /** A bundle without dependencies. */
    public Bundle(Path root, BundleAnnotations annotations, Manifest csv, List<Manifest> manifests,
            List<Property> properties, List<OptionalManifestRef> optionalManifests) {
        this(root, annotations, csv, manifests, properties, optionalManifests, List.of());
    }

    /** This bundle with these manifests in place of its own. */
    public Bundle withManifests(List<Manifest> newManifests) {
        return new Bundle(root, annotations, csv, newManifests, properties, optionalManifests, dependencies);
    }

    /** The package name: from the annotations, else from the derived {@code olm.package} property. */
    public String packageName() {
        if (annotations.packageName() != null) {
            return annotations.packageName();
        }
        return properties.stream()
                .filter(p -> "olm.package".equals(p.type()))
                .map(p -> p.value().path("packageName").asText(null))
                .filter(Objects::nonNull)
                .findFirst()
                .orElse(csv.name());
    }

    /** Whether some {@code olm.manifests.optional} entry names this manifest. */
    public boolean isListedOptional(Manifest manifest) {
        return optionalManifests.stream().anyMatch(ref -> ref.matches(manifest));
    }
}
