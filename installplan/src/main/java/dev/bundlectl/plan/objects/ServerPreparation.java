package dev.bundlectl.plan.objects;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What the API server does to a custom resource before validating it, so that the prediction
 * validates what the server validates: a create cannot set {@code status} when the CRD has the
 * status subresource, so {@code status} is dropped; and a {@code null} in a field whose schema is
 * not {@code nullable} is pruned (Kubernetes' {@code PruneNonNullableNullsWithoutDefaults}),
 * rather than refused. Works on a copy; the manifest is never changed.
 */
final class ServerPreparation {

    private ServerPreparation() {
    }

    static JsonNode prepare(JsonNode object, JsonNode schema, boolean statusSubresource) {
        JsonNode copy = object.deepCopy();
        if (statusSubresource && copy instanceof ObjectNode root) {
            root.remove("status");
        }
        pruneNulls(copy, schema);
        return copy;
    }

    private static void pruneNulls(JsonNode value, JsonNode schema) {
        if (value instanceof ObjectNode object) {
            JsonNode properties = schema.path("properties");
            JsonNode additional = schema.path("additionalProperties");
            List<String> pruned = new ArrayList<>();
            for (Map.Entry<String, JsonNode> field : object.properties()) {
                JsonNode fieldSchema = properties.has(field.getKey()) ? properties.get(field.getKey()) : additional;
                if (field.getValue().isNull() && !fieldSchema.path("nullable").asBoolean(false)) {
                    pruned.add(field.getKey());
                } else {
                    pruneNulls(field.getValue(), fieldSchema);
                }
            }
            object.remove(pruned);
        } else if (value instanceof ArrayNode array) {
            JsonNode items = schema.path("items");
            array.forEach(item -> pruneNulls(item, items));
        }
    }
}
