package dev.bundlectl.bundle.testing;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.bundlectl.bundle.Bundle;
import dev.bundlectl.bundle.BundleAnnotations;
import dev.bundlectl.bundle.Manifest;
import dev.bundlectl.bundle.OptionalManifestRef;
import dev.bundlectl.bundle.SourceLocation;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import dev.bundlectl.bundle.testing.SharedCorpus;
import dev.bundlectl.bundle.testing.SharedDirectory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Builds {@link Bundle}s for tests from YAML strings, without the bundle reader: plain Jackson
 * YAML, one document per manifest.
 */
public final class TestBundles {

    private static final YAMLMapper YAML = new YAMLMapper();

    private TestBundles() {
    }

    /** A manifest from one YAML document, located at {@code file}. */
    public static Manifest manifest(String file, String yaml) {
        try {
            ObjectNode body = (ObjectNode) YAML.readTree(yaml);
            return fromBody(file, body);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A manifest from an already parsed body. */
    public static Manifest fromBody(String file, ObjectNode body) {
        JsonNode metadata = body.path("metadata");
        Map<String, String> annotations = new LinkedHashMap<>();
        metadata.path("annotations").properties().forEach(e -> annotations.put(e.getKey(), e.getValue().asText()));
        return new Manifest(SourceLocation.file(file), body.path("apiVersion").asText(), body.path("kind").asText(),
                metadata.path("name").asText(), metadata.has("namespace") ? metadata.path("namespace").asText() : null,
                annotations, body);
    }

    /** A manifest of {@code manifests/<file>} with only apiVersion, kind and name. */
    public static Manifest object(String file, String apiVersion, String kind, String name) {
        return manifest("manifests/" + file, """
                apiVersion: %s
                kind: %s
                metadata:
                  name: %s
                """.formatted(apiVersion, kind, name));
    }

    /** A minimal CSV. */
    public static Manifest csv(String name) {
        return manifest("manifests/" + name + ".clusterserviceversion.yaml", """
                apiVersion: operators.coreos.com/v1alpha1
                kind: ClusterServiceVersion
                metadata:
                  name: %s
                spec:
                  displayName: Test operator
                  # OLM's CSV schema requires an install strategy; the planner predicts the server's refusal without one.
                  install:
                    strategy: deployment
                    spec:
                      deployments: []
                """.formatted(name));
    }

    /** A bundle of package {@code pkg} whose CSV is the first CSV among the manifests. */
    public static Bundle bundle(String packageName, List<OptionalManifestRef> optional, List<Manifest> manifests) {
        Manifest csv = manifests.stream()
                .filter(m -> m.kind().equals("ClusterServiceVersion"))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no CSV"));
        BundleAnnotations annotations = new BundleAnnotations("registry+v1", "manifests/", "metadata/", packageName,
                List.of("stable"), "stable", Map.of());
        return new Bundle(Path.of("/bundles/" + packageName), annotations, csv, manifests, List.of(), optional);
    }

    /** A bundle with no optional manifests. */
    public static Bundle bundle(String packageName, Manifest... manifests) {
        return bundle(packageName, List.of(), List.of(manifests));
    }

    /** The shared corpus directory ({@code <repoRoot>/../shared/corpus}); skips the test without it. */
    public static Path corpus() {
        return SharedCorpus.root();
    }

    /**
     * A real bundle kept in the repository ({@code testdata/real-bundles/<relativeDir>}, see its
     * NOTICE.md), so tests that need one real bundle run in every clone.
     */
    public static Path realBundle(String relativeDir) {
        return SharedDirectory.repoRoot().resolve("testdata/real-bundles").resolve(relativeDir);
    }

    /**
     * Reads a simple real bundle from {@code testdata/real-bundles} (single-document YAML files in {@code manifests/}, sorted by
     * name) the crude way: enough to feed the planner real objects until the reader lands.
     */
    public static Bundle corpusBundle(String relativeDir, String packageName, List<OptionalManifestRef> optional) {
        Path dir = realBundle(relativeDir);
        List<Manifest> manifests = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir.resolve("manifests"))) {
            for (Path file : files.sorted().toList()) {
                ObjectNode body = (ObjectNode) YAML.readTree(Files.readString(file));
                manifests.add(fromBody("manifests/" + file.getFileName(), body));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Bundle bundle = bundle(packageName, optional, manifests);
        return new Bundle(dir, bundle.annotations(), bundle.csv(), bundle.manifests(), bundle.properties(),
                bundle.optionalManifests());
    }
}
