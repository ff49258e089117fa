package dev.bundlectl.render;

import static dev.bundlectl.render.RenderFixtures.NS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.bundlectl.bundle.Bundle;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Renders the sample bundles and a webhook fixture and compares the result, as a tree (key order
 * and YAML formatting do not matter), with the reviewed files under
 * {@code csv-render/src/test/resources/golden/}. After a deliberate change, regenerate them with
 * {@code -Dbundlectl.updateGolden=true}, and review the diff before committing it.
 */
class RenderGoldenTest {

    private static final YAMLMapper YAML = new YAMLMapper(YAMLFactory.builder()
            .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
            .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
            .enable(YAMLGenerator.Feature.ALWAYS_QUOTE_NUMBERS_AS_STRINGS)
            .build());

    static Stream<Arguments> cases() {
        return Stream.of(
                Arguments.of("cachebox-operator.all-namespaces", RenderFixtures.sample("cachebox-operator"),
                        new RenderRequest("cachebox", null, List.of(), null)),
                Arguments.of("cachebox-operator.single-namespace", RenderFixtures.sample("cachebox-operator"),
                        new RenderRequest("cachebox", InstallModeType.SINGLE_NAMESPACE, List.of("shop"), null)),
                Arguments.of("dashboard-operator.all-namespaces", RenderFixtures.sample("dashboard-operator"),
                        new RenderRequest("dashboards", null, List.of(), null)),
                Arguments.of("memcache-operator.cert-manager", RenderFixtures.fixture("webhook-operator"),
                        new RenderRequest(NS, null, List.of(), CertProvider.CERT_MANAGER)),
                Arguments.of("memcache-operator.service-ca", RenderFixtures.fixture("webhook-operator"),
                        new RenderRequest(NS, null, List.of(), CertProvider.SERVICE_CA)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void renderingMatchesTheGoldenFile(String name, Bundle bundle, RenderRequest request) throws IOException {
        RenderOutcome outcome = new CsvRenderer().render(bundle.csv(), bundle.manifests(), request);
        ObjectNode actual = RenderFixtures.tree(RenderFixtures.rendered(outcome));
        Path golden = RenderFixtures.repoRoot()
                .resolve("csv-render/src/test/resources/golden").resolve(name + ".yaml");
        if (Boolean.getBoolean("bundlectl.updateGolden")) {
            Files.createDirectories(golden.getParent());
            Files.writeString(golden, "# Rendered by RenderGoldenTest; reviewed by hand. Regenerate with"
                    + " -Dbundlectl.updateGolden=true.\n" + YAML.writeValueAsString(actual));
        }
        assertThat(golden).as("golden file (create it with -Dbundlectl.updateGolden=true)").exists();
        JsonNode expected = YAML.readTree(Files.readString(golden));
        if (!actual.equals(expected)) {
            fail(name + " differs from " + golden.getFileName() + " first at " + TreeDiff.first(expected, actual));
        }
    }
}
