package dev.bundlectl.plan.capability;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.bundlectl.bundle.Manifest;
import dev.bundlectl.bundle.SourceLocation;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import dev.bundlectl.bundle.testing.SharedDirectory;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.yaml.snakeyaml.LoaderOptions;

/**
 * Test-only: builds {@link Manifest}s from YAML with a plain Jackson {@link YAMLMapper}, so that
 * these tests do not depend on the bundle reader being written in parallel.
 */
public final class ManifestFixtures {

    private static final YAMLMapper YAML = yamlMapper();

    private ManifestFixtures() {
    }

    private static YAMLMapper yamlMapper() {
        LoaderOptions options = new LoaderOptions();
        // Some payload CRDs are several megabytes; the default 3 MB limit is for untrusted input.
        options.setCodePointLimit(64 * 1024 * 1024);
        return new YAMLMapper(YAMLFactory.builder().loaderOptions(options).build());
    }

    /** The shared corpus directory: {@code <repoRoot>/../shared/corpus/<sub>}. */
    public static Path corpus(String sub) {
        return SharedDirectory.require("corpus/" + sub);
    }

    /** A test resource directory or file. */
    public static Path resource(String name) {
        try {
            return Paths.get(ManifestFixtures.class.getResource(name).toURI());
        } catch (URISyntaxException | NullPointerException e) {
            throw new IllegalStateException("missing test resource " + name, e);
        }
    }

    /** Every object in the (multi-document) YAML text, as if read from {@code file}. */
    public static List<Manifest> fromYaml(String file, String yaml) {
        List<Manifest> manifests = new ArrayList<>();
        for (Document document : documents(file, yaml)) {
            manifests.add(toManifest(document));
        }
        return manifests;
    }

    /** The one object in the YAML text. */
    public static Manifest one(String yaml) {
        List<Manifest> manifests = fromYaml("fixture.yaml", yaml);
        if (manifests.size() != 1) {
            throw new IllegalArgumentException("expected one document, got " + manifests.size());
        }
        return manifests.get(0);
    }

    /** A ConfigMap with these annotations, from {@code file}. */
    public static Manifest configMap(String file, String name, Map<String, String> annotations) {
        ObjectNode body = JsonNodeFactory.instance.objectNode();
        body.put("apiVersion", "v1").put("kind", "ConfigMap");
        ObjectNode metadata = body.putObject("metadata");
        metadata.put("name", name).put("namespace", "test");
        ObjectNode annotationNode = metadata.putObject("annotations");
        annotations.forEach(annotationNode::put);
        return new Manifest(new SourceLocation(file, 0), "v1", "ConfigMap", name, "test", annotations, body);
    }

    /** A ConfigMap with these annotations. */
    public static Manifest configMap(String name, Map<String, String> annotations) {
        return configMap("fixture.yaml", name, annotations);
    }

    /** A ConfigMap carrying {@code capability.openshift.io/name: value}. */
    public static Manifest withCapability(String name, String value) {
        return configMap(name, Map.of(CapabilityAnnotation.KEY, value));
    }

    /**
     * Every object of a payload directory: {@code .yaml}, {@code .yml} and {@code .json} files
     * (which excludes {@code image-references}), in sorted path order, paths relative to the root.
     */
    public static List<Manifest> payload(Path root) {
        List<Manifest> manifests = new ArrayList<>();
        for (Path file : payloadFiles(root, true)) {
            manifests.addAll(fromFile(root, file));
        }
        return manifests;
    }

    /**
     * The real payload slice of the shared corpus, parsed once for all tests (it is megabytes of
     * YAML); the list is immutable and tests must not change the manifests' bodies.
     */
    public static List<Manifest> corpusPayload() {
        // Skip (or fail in CI) here, before the holder's initializer could turn it into an error.
        corpus("payload");
        return CorpusHolder.PAYLOAD;
    }

    private static final class CorpusHolder {
        static final List<Manifest> PAYLOAD = List.copyOf(payload(corpus("payload")));
    }

    /**
     * The documents of the files a payload does not apply ({@code image-references}; patches are
     * left out), for counting objects the way payload-stats.md does.
     */
    public static List<JsonNode> unappliedDocuments(Path root) {
        List<JsonNode> all = new ArrayList<>();
        for (Path file : payloadFiles(root, false)) {
            String name = file.getFileName().toString();
            if (isApplied(name) || name.endsWith("-patch")) {
                continue;
            }
            for (Document document : documents(relative(root, file), read(file))) {
                all.add(document.body());
            }
        }
        return all;
    }

    /** The objects of one file under {@code root}. */
    public static List<Manifest> fromFile(Path root, Path file) {
        return fromYaml(relative(root, file), read(file));
    }

    private static List<Path> payloadFiles(Path root, boolean appliedOnly) {
        try (Stream<Path> files = Files.walk(root)) {
            return files.filter(Files::isRegularFile)
                    .filter(f -> !appliedOnly || isApplied(f.getFileName().toString()))
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static boolean isApplied(String name) {
        return name.endsWith(".yaml") || name.endsWith(".yml") || name.endsWith(".json");
    }

    private static String relative(Path root, Path file) {
        return root.relativize(file).toString().replace('\\', '/');
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private record Document(String file, int index, JsonNode body) {
    }

    private static List<Document> documents(String file, String yaml) {
        List<Document> documents = new ArrayList<>();
        try (MappingIterator<JsonNode> values = YAML.readerFor(JsonNode.class).readValues(yaml)) {
            int index = 0;
            while (values.hasNextValue()) {
                JsonNode node = values.nextValue();
                if (node != null && node.isObject()) {
                    documents.add(new Document(file, index, node));
                }
                index++;
            }
        } catch (IOException e) {
            throw new UncheckedIOException(file, e);
        }
        return documents;
    }

    private static Manifest toManifest(Document document) {
        JsonNode body = document.body();
        JsonNode metadata = body.path("metadata");
        Map<String, String> annotations = new LinkedHashMap<>();
        metadata.path("annotations").fields()
                .forEachRemaining(e -> annotations.put(e.getKey(), e.getValue().asText()));
        String namespace = metadata.hasNonNull("namespace") ? metadata.get("namespace").asText() : null;
        return new Manifest(new SourceLocation(document.file(), document.index()), body.path("apiVersion").asText(),
                body.path("kind").asText(), metadata.path("name").asText(), namespace, annotations,
                (ObjectNode) body);
    }
}
