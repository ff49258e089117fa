package dev.bundlectl.executor.records;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.bundlectl.cluster.connect.ClusterConnection;
import dev.bundlectl.executor.testing.Await;
import dev.bundlectl.plan.model.InstallPlanPhase;
import dev.bundlectl.plan.model.Step;
import dev.bundlectl.plan.model.StepResource;
import dev.bundlectl.plan.model.StepStatus;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.LoaderOptions;

/**
 * The record of the largest real bundle must fit in a Secret. The real bundle reader is written
 * elsewhere, so this reads the manifests with a plain YAML mapper.
 */
@EnableKubernetesMockClient(crud = true)
class LargestBundleRecordSizeTest {

    private static final int ONE_MIB = 1024 * 1024;
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final YAMLMapper YAML = new YAMLMapper(YAMLFactory.builder()
            .loaderOptions(largeDocuments()).build());

    KubernetesClient client;

    @Test
    void recordOfTheLargestDevCorpusBundleFitsInASecret() throws Exception {
        Path bundle = largestBundle();

        long dataBytes = saveRecordOf(bundle, filesUnder(bundle.resolve("manifests")));

        assertThat(dataBytes).isLessThan(ONE_MIB);
    }

    @Test
    void recordOfTheWholeOpenShiftPayloadFitsInASecret() throws Exception {
        // The payload has the most objects: its record is the largest one the corpus can make.
        Path payload = corpus().resolve("payload");
        List<Path> files = filesUnder(payload).stream()
                .filter(file -> file.toString().matches(".*\\.(ya?ml|json)$"))
                .toList();

        long dataBytes = saveRecordOf(payload, files);

        assertThat(dataBytes).isLessThan(ONE_MIB);
    }

    /** Saves the record of a plan made of every object in {@code files}; returns the Secret's data size. */
    private long saveRecordOf(Path root, List<Path> files) throws IOException {
        List<Step> steps = new ArrayList<>();
        List<CreatedObject> created = new ArrayList<>();
        long manifestBytes = 0;
        for (Path file : files) {
            try (MappingIterator<JsonNode> documents = YAML.readerFor(JsonNode.class).readValues(file.toFile())) {
                while (documents.hasNext()) {
                    JsonNode object = documents.next();
                    if (object == null || !object.isObject()) {
                        continue;
                    }
                    String manifest = JSON.writeValueAsString(object);
                    manifestBytes += manifest.length();
                    Step step = stepFor(object, manifest, root.relativize(file).toString());
                    steps.add(step);
                    created.add(new CreatedObject(ObjectRef.of(step.resource()), null,
                            UUID.nameUUIDFromBytes(manifest.getBytes()).toString(), "123456", null));
                }
            }
        }
        InstallRecord record = InstallRecord.fromPlan(TestPlans.plan("ns", steps, InstallPlanPhase.COMPLETE),
                new RecordOrigin("ns", root.getFileName().toString(), root.toString(), "sha256:0", false,
                        Instant.parse("2025-03-01T10:00:00Z")),
                created, List.of());
        SavedRecord saved;
        InstallRecord readBack;
        try (ClusterConnection connection = ClusterConnection.connect(
                new ConfigBuilder(client.getConfiguration()).build(), Duration.ofSeconds(30))) {
            InstallRecordStore store = new InstallRecordStore(connection.retryingApi());
            saved = Await.result(store.save(record));
            readBack = Await.result(store.get("ns", saved.name())).orElseThrow();
        }

        Secret secret = client.secrets().inNamespace("ns").withName(saved.name()).get();
        long dataBytes = secret.getData().values().stream().mapToLong(v -> Base64.getDecoder().decode(v).length).sum();
        System.out.printf("record of %s: %d objects, %d bytes of manifest JSON -> %d bytes of Secret data"
                + " (%d base64 characters)%n", root, steps.size(), manifestBytes, dataBytes,
                secret.getData().values().stream().mapToLong(String::length).sum());
        assertThat(manifestBytes).as("the manifests alone are larger than a Secret may be").isGreaterThan(ONE_MIB);
        assertThat(dataBytes).isEqualTo(saved.storedBytes());
        assertThat(saved.shortenedMessages()).isZero();
        assertThat(readBack).isEqualTo(record);
        return dataBytes;
    }

    private static Step stepFor(JsonNode object, String manifest, String source) {
        String apiVersion = object.path("apiVersion").asText("v1");
        int slash = apiVersion.indexOf('/');
        String group = slash < 0 ? "" : apiVersion.substring(0, slash);
        String version = apiVersion.substring(slash + 1);
        String kind = object.path("kind").asText("Unknown");
        String name = object.path("metadata").path("name").asText("unnamed");
        boolean clusterScoped = kind.equals("CustomResourceDefinition") || kind.startsWith("Cluster");
        return new Step(TestPlans.CSV, new StepResource(group, version, kind, name, clusterScoped ? null : "ns",
                "package", source, manifest), false, StepStatus.CREATED, null);
    }

    /** The bundle of the dev corpus with the most bytes. */
    private static Path largestBundle() throws IOException {
        Path corpus = corpus();
        List<Path> bundles = new ArrayList<>();
        for (String line : Files.readAllLines(corpus.resolve("dev.list"))) {
            if (!line.isBlank() && !line.startsWith("#")) {
                bundles.add(corpus.resolve("dev").resolve(line.split("\t")[0]));
            }
        }
        assertThat(bundles).hasSizeGreaterThan(100);
        return bundles.stream().max(Comparator.comparingLong(LargestBundleRecordSizeTest::bytesUnder)).orElseThrow();
    }

    private static Path corpus() {
        return dev.bundlectl.bundle.testing.SharedCorpus.root();
    }

    private static List<Path> filesUnder(Path directory) throws IOException {
        try (Stream<Path> files = Files.walk(directory)) {
            return files.filter(Files::isRegularFile).sorted().toList();
        }
    }

    private static long bytesUnder(Path directory) {
        try (Stream<Path> files = Files.walk(directory)) {
            return files.filter(Files::isRegularFile).mapToLong(file -> file.toFile().length()).sum();
        } catch (IOException e) {
            throw new AssertionError("cannot read " + directory, e);
        }
    }

    private static LoaderOptions largeDocuments() {
        LoaderOptions options = new LoaderOptions();
        options.setCodePointLimit(16 * ONE_MIB);
        return options;
    }
}
