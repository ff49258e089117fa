package dev.bundlectl.plan.convert;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Set;

/**
 * Marks the int-or-string fields of old generated schemas. Before
 * {@code x-kubernetes-int-or-string} existed, generators wrote such a field (a port, a quantity)
 * as a node without {@code type} and with {@code anyOf: [{type: string}, {type: integer}]}. A v1
 * schema must give every field a type unless it is marked int-or-string, and the marked form
 * accepts exactly the same values (an integer or a string), so adding the mark (and writing the
 * {@code anyOf} integer first, the only order the API server takes) changes nothing the CRD
 * accepts. Any other untyped field is left alone, for {@link StructuralSchemaCheck} to
 * report.
 */
final class IntOrStringMarker {

    private static final Set<String> INT_OR_STRING = Set.of("integer", "string");

    private IntOrStringMarker() {
    }

    /** Marks every int-or-string field under {@code schema}, in place. */
    static void mark(JsonNode schema) {
        if (!(schema instanceof ObjectNode node)) {
            return;
        }
        if (!node.has("type") && !node.has("x-kubernetes-int-or-string") && isIntOrStringAnyOf(node.path("anyOf"))) {
            node.put("x-kubernetes-int-or-string", true);
            // The API server accepts the idiom only in this order; anyOf's meaning does not depend on it.
            ArrayNode canonical = node.putArray("anyOf");
            canonical.addObject().put("type", "integer");
            canonical.addObject().put("type", "string");
        }
        node.path("properties").forEach(IntOrStringMarker::mark);
        mark(node.get("items"));
        mark(node.get("additionalProperties"));
    }

    /**
     * Exactly two branches that say nothing but {@code type}, one {@code integer} and one
     * {@code string}, in either order.
     */
    private static boolean isIntOrStringAnyOf(JsonNode anyOf) {
        if (anyOf.size() != 2 || anyOf.get(0).size() != 1 || anyOf.get(1).size() != 1) {
            return false;
        }
        String first = anyOf.get(0).path("type").asText("");
        String second = anyOf.get(1).path("type").asText("");
        return !first.equals(second) && INT_OR_STRING.contains(first) && INT_OR_STRING.contains(second);
    }
}
