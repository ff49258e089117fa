package dev.bundlectl.plan.objects;

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
 * The stored CSV schema is the real CRD's schema (the one the real API server is given) with only
 * its {@code description} texts taken out: every rule stays, and so do properties that happen to be
 * called {@code description} (a CSV's {@code spec.description}).
 */
public class CsvSchemaResourceTest {

    @Test
    void theStoredSchemaIsTheCrdsSchemaWithoutDescriptions() throws IOException {
        Path crd = SharedDirectory.require("kube-api-test/olm-crds/clusterserviceversions.yaml");
        JsonNode expected = null;
        for (JsonNode version : Mappers.yaml().readTree(Files.readString(crd)).path("spec").path("versions")) {
            if (version.path("name").asText().equals("v1alpha1")) {
                expected = withoutDescriptions(version.path("schema").path("openAPIV3Schema").deepCopy());
            }
        }
        assertThat(expected).as("v1alpha1 schema in %s", crd).isNotNull();

        JsonNode stored;
        try (InputStream in = new GZIPInputStream(CsvSchema.class.getResourceAsStream(CsvSchema.RESOURCE))) {
            // SnakeYAML here, independent of the reader's own parser that CsvSchema uses.
            stored = Mappers.yaml().readTree(in);
        }

        assertThat(stored).isEqualTo(expected);
        assertThat(CsvSchema.schema().schema()).as("what the plan loads").isEqualTo(expected);
        assertThat(stored.path("properties").path("spec").path("properties").path("description").path("type").asText())
                .isEqualTo("string");
    }

    /** Removes the description keyword from a schema and its subschemas, never a property's schema. */
    public static JsonNode withoutDescriptions(JsonNode schema) {
        if (schema instanceof ObjectNode object) {
            if (object.path("description").isTextual()) {
                object.remove("description");
            }
            for (Iterator<Map.Entry<String, JsonNode>> fields = object.fields(); fields.hasNext();) {
                Map.Entry<String, JsonNode> field = fields.next();
                if (field.getKey().equals("properties") && field.getValue().isObject()) {
                    field.getValue().forEach(CsvSchemaResourceTest::withoutDescriptions);
                } else {
                    withoutDescriptions(field.getValue());
                }
            }
        } else if (schema instanceof ArrayNode array) {
            array.forEach(CsvSchemaResourceTest::withoutDescriptions);
        }
        return schema;
    }
}
