package dev.bundlectl.render;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;

/** Small helpers for building and reading Jackson trees. */
final class Json {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private Json() {
    }

    static ObjectNode object() {
        return NODES.objectNode();
    }

    static ArrayNode array() {
        return NODES.arrayNode();
    }

    static ArrayNode strings(Collection<String> values) {
        ArrayNode array = array();
        values.forEach(array::add);
        return array;
    }

    static ObjectNode strings(Map<String, String> values) {
        ObjectNode object = object();
        values.forEach(object::put);
        return object;
    }

    /** The text of a string field, or null when the field is absent or not a string. */
    static String text(JsonNode node, String field) {
        JsonNode value = node.get(field);
        return value != null && value.isTextual() ? value.asText() : null;
    }

    /** The fields of an object as text, in order; empty when it is not an object. */
    static Map<String, String> textMap(JsonNode node) {
        Map<String, String> map = new LinkedHashMap<>();
        if (node != null && node.isObject()) {
            node.properties().forEach(entry -> map.put(entry.getKey(), entry.getValue().asText()));
        }
        return map;
    }

    /** {@code parent.field} as an object, created (or replacing a non-object) when needed. */
    static ObjectNode child(ObjectNode parent, String field) {
        JsonNode existing = parent.get(field);
        if (existing instanceof ObjectNode) {
            return (ObjectNode) existing;
        }
        return parent.putObject(field);
    }

    /** {@code parent.field} as an array, created (or replacing a non-array) when needed. */
    static ArrayNode childArray(ObjectNode parent, String field) {
        JsonNode existing = parent.get(field);
        if (existing instanceof ArrayNode) {
            return (ArrayNode) existing;
        }
        return parent.putArray(field);
    }
}
