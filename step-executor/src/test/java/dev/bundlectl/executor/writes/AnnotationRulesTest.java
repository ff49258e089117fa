package dev.bundlectl.executor.writes;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.executor.testing.Manifests;
import java.util.Map;
import org.junit.jupiter.api.Test;

class AnnotationRulesTest {

    private static ObjectNode with(String key, String value) {
        return Manifests.annotate(Manifests.configMap("a", Map.of()), key, value);
    }

    @Test
    void createOnlyIsTrueIgnoringCase() {
        assertThat(CreateOnlyRule.applies(with(CreateOnlyRule.ANNOTATION, "True"))).isTrue();
        assertThat(CreateOnlyRule.applies(with(CreateOnlyRule.ANNOTATION, "false"))).isFalse();
        assertThat(CreateOnlyRule.applies(Manifests.configMap("a", Map.of()))).isFalse();
    }

    @Test
    void deleteIsExactlyTrue() {
        // Any other value is invalid: ReleaseAnnotationValidatorTest pins the preflight's message.
        assertThat(DeleteRule.applies(with(DeleteRule.ANNOTATION, "true"))).isTrue();
        assertThat(DeleteRule.applies(with(DeleteRule.ANNOTATION, "True"))).isFalse();
        assertThat(DeleteRule.applies(Manifests.configMap("a", Map.of()))).isFalse();
    }

    @Test
    void aNonStringYamlValueCountsAsItsText() {
        ObjectNode manifest = Manifests.configMap("a", Map.of());
        manifest.withObject("/metadata").putObject("annotations").put(DeleteRule.ANNOTATION, true);

        assertThat(DeleteRule.applies(manifest)).isTrue();
    }
}
