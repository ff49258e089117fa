package dev.bundlectl.plan.config;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.bundle.testing.SharedDirectory;
import dev.bundlectl.bundle.yaml.Mappers;
import dev.bundlectl.plan.objects.CsvSchemaResourceTest;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;

/**
 * The stored {@code spec.config} schema is the real Subscription CRD's (the one the real
 * olm-operator of the tests is given) with only its {@code description} texts taken out.
 */
class SubscriptionConfigSchemaResourceTest {

    @Test
    void theStoredSchemaIsTheSubscriptionCrdsConfigSchemaWithoutDescriptions() throws IOException {
        Path crd = SharedDirectory.require("olm/crds/0000_50_olm_00-subscriptions.crd.yaml");
        JsonNode expected = null;
        for (JsonNode version : Mappers.yaml().readTree(Files.readString(crd)).path("spec").path("versions")) {
            if (version.path("name").asText().equals("v1alpha1")) {
                expected = CsvSchemaResourceTest.withoutDescriptions(version.path("schema").path("openAPIV3Schema").path("properties")
                        .path("spec").path("properties").path("config").deepCopy());
            }
        }
        assertThat(expected).as("v1alpha1 spec.config schema in %s", crd).isNotNull().isNotEmpty();

        JsonNode stored;
        try (InputStream in = new GZIPInputStream(ConfigSchema.class.getResourceAsStream(ConfigSchema.RESOURCE))) {
            stored = Mappers.yaml().readTree(in);
        }

        assertThat(stored).isEqualTo(expected);
        assertThat(ConfigSchema.schema()).as("what a plan loads").isEqualTo(expected);
        assertThat(stored.path("properties").fieldNames()).toIterable().containsExactlyInAnyOrderElementsOf(
                OperatorConfig.FIELDS);
    }
}
