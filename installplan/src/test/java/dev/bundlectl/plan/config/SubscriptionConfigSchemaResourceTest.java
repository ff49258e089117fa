package dev.bundlectl.plan.config;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.bundle.testing.SharedDirectory;
import dev.bundlectl.bundle.yaml.Mappers;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Map;
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
                expected = withoutDescriptions(version.path("schema").path("openAPIV3Schema").path("properties")
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

    /** Removes the description keyword from a schema and its subschemas, never a property's schema. */
    private static JsonNode withoutDescriptions(JsonNode schema) {
        if (schema instanceof ObjectNode object) {
            if (object.path("description").isTextual()) {
                object.remove("description");
            }
            for (Iterator<Map.Entry<String, JsonNode>> fields = object.fields(); fields.hasNext();) {
                Map.Entry<String, JsonNode> field = fields.next();
                if (field.getKey().equals("properties") && field.getValue().isObject()) {
                    field.getValue().forEach(SubscriptionConfigSchemaResourceTest::withoutDescriptions);
                } else {
                    withoutDescriptions(field.getValue());
                }
            }
        } else if (schema instanceof ArrayNode array) {
            array.forEach(SubscriptionConfigSchemaResourceTest::withoutDescriptions);
        }
        return schema;
    }
}
