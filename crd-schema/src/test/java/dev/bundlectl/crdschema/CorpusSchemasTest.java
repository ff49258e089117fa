package dev.bundlectl.crdschema;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.bundlectl.bundle.testing.TestBundles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.LoaderOptions;

/**
 * Every CRD schema in the shared corpus compiles and validates without an exception, and the
 * sample objects bundles ship in their CSV's {@code alm-examples} (written against those very
 * CRDs) almost all pass.
 */
class CorpusSchemasTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void everyCorpusSchemaValidatesTheBundlesOwnExamples() throws IOException {
        Map<String, JsonNode> crdsByGroupKind = new HashMap<>();
        List<JsonNode> examples = new ArrayList<>();
        YAMLMapper yaml = yaml();
        try (Stream<Path> files = Files.walk(TestBundles.corpus().resolve("dev"))) {
            for (Path file : files.filter(p -> p.toString().endsWith(".yaml") && p.toString().contains("/manifests/"))
                    .sorted().toList()) {
                JsonNode body;
                try {
                    body = yaml.readTree(file.toFile());
                } catch (IOException unreadable) {
                    continue;
                }
                if (body == null) {
                    continue;
                }
                String kind = body.path("kind").asText();
                if (kind.equals("CustomResourceDefinition")) {
                    crdsByGroupKind.put(body.path("spec").path("group").asText() + "/"
                            + body.path("spec").path("names").path("kind").asText(), body);
                } else if (kind.equals("ClusterServiceVersion")) {
                    String almExamples = body.path("metadata").path("annotations").path("alm-examples").asText("");
                    try {
                        JSON.readTree(almExamples.isBlank() ? "[]" : almExamples).forEach(examples::add);
                    } catch (IOException malformed) {
                        // A bundle's broken sample JSON is not what this test is about.
                    }
                }
            }
        }
        int validated = 0;
        Map<String, List<String>> failures = new HashMap<>();
        for (JsonNode example : examples) {
            String apiVersion = example.path("apiVersion").asText();
            int slash = apiVersion.indexOf('/');
            JsonNode crd = crdsByGroupKind.get(apiVersion.substring(0, Math.max(slash, 0)) + "/"
                    + example.path("kind").asText());
            if (crd == null) {
                continue;
            }
            var schema = CrdVersions.schema(crd, apiVersion.substring(slash + 1));
            if (schema.isEmpty()) {
                continue;
            }
            validated++;
            List<String> problems = SchemaValidator.of(schema.get()).messages(example);
            if (!problems.isEmpty()) {
                failures.put(example.path("kind").asText() + " " + example.path("metadata").path("name").asText(),
                        problems);
            }
        }
        assertThat(validated).isGreaterThan(300);
        // Samples are often placeholders, but most of them are written to validate.
        assertThat(failures.size()).isLessThan(validated / 4);
        assertThat(failures.get("Ibmcpd ibmcpd-sample")).containsExactly("spec.license.license: Invalid value: "
                + "\"EE\": spec.license.license in body should match '^(Enterprise|Standard)$'");
        assertThat(failures.get("AzureSqlFailoverGroup azuresqlfailovergroup-sample")).containsExactly(
                "spec.failoverPolicy: Unsupported value: \"automatic\": supported values: \"Automatic\", \"Manual\"");
    }

    private static YAMLMapper yaml() {
        LoaderOptions options = new LoaderOptions();
        options.setCodePointLimit(64 * 1024 * 1024);
        return new YAMLMapper(YAMLFactory.builder().loaderOptions(options).build());
    }
}
