package dev.bundlectl.crdschema.upgrade;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.crdschema.DeclaredSchemaKeys;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * What the checks compare of one schema node, and nothing else: its own keys, values in canonical
 * form, without its documentation and without the nodes it nests ({@code properties}, and
 * {@code items} and {@code additionalProperties} when they are schemas), which are compared at
 * their own paths. Equal shapes mean nothing at this node changed that a check looks at.
 *
 * @param type {@code type}, or empty when the node has none
 * @param required {@code required}, in order; empty when none
 * @param defaultValue {@code default}, or null
 * @param enumValues {@code enum}'s members, or empty when there is no enum
 * @param bounds the six bounds present ({@link UpgradeCheck#isBound()}), each a canonical number
 * @param pattern {@code pattern}, or null
 * @param nullable {@code nullable}
 * @param oneOf {@code oneOf}'s members, or empty when there is none
 * @param other every other key the server keeps, with its canonical value, sorted: what
 *     {@link UpgradeCheck#UNHANDLED} compares
 */
record NodeShape(String type, List<String> required, String defaultValue, List<String> enumValues,
        Map<UpgradeCheck, String> bounds, String pattern, boolean nullable, List<String> oneOf,
        Map<String, String> other) {

    /**
     * Keys that only document a field, and that no check compares: a change to them cannot make
     * a stored object invalid. OLM v1 leaves out {@code description}; bundlectl leaves out the
     * other three too (docs/semantics.md §9).
     */
    private static final Set<String> DOCUMENTATION = Set.of("description", "title", "example", "externalDocs");

    /** The bound checks by their schema keyword. */
    private static final Map<String, UpgradeCheck> BOUNDS = boundsByKeyword();

    NodeShape {
        required = List.copyOf(required);
        enumValues = List.copyOf(enumValues);
        bounds = bounds.isEmpty() ? Map.of() : Collections.unmodifiableMap(new EnumMap<>(bounds));
        oneOf = List.copyOf(oneOf);
        other = other.isEmpty() ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(other));
    }

    /** The shape of {@code schema}'s own keys; keys the API server does not declare are left out, as it drops them. */
    static NodeShape of(JsonNode schema) {
        String type = "";
        List<String> required = List.of();
        String defaultValue = null;
        List<String> enumValues = List.of();
        Map<UpgradeCheck, String> bounds = new EnumMap<>(UpgradeCheck.class);
        String pattern = null;
        boolean nullable = false;
        List<String> oneOf = List.of();
        Map<String, String> other = new TreeMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> fields = schema.fields(); fields.hasNext();) {
            Map.Entry<String, JsonNode> field = fields.next();
            String key = field.getKey();
            JsonNode value = field.getValue();
            switch (key) {
                case "type" -> type = value.asText("");
                case "required" -> required = texts(value);
                case "default" -> defaultValue = CanonicalJson.of(value);
                case "enum" -> enumValues = CanonicalJson.members(value);
                case "pattern" -> pattern = value.asText();
                case "nullable" -> nullable = value.asBoolean(false);
                case "oneOf" -> oneOf = CanonicalJson.members(value);
                case "properties" -> {
                    // Each property is a node of its own.
                }
                case "items", "additionalProperties" -> {
                    if (!value.isObject()) {
                        // A list of items or a boolean is this node's own key; a schema is a node of its own.
                        other.put(key, CanonicalJson.of(value));
                    }
                }
                default -> {
                    UpgradeCheck bound = BOUNDS.get(key);
                    if (bound != null) {
                        if (value.isNumber()) {
                            bounds.put(bound, CanonicalJson.number(value));
                        }
                    } else if (!DOCUMENTATION.contains(key) && DeclaredSchemaKeys.declaresSchemaKey(key)) {
                        other.put(key, CanonicalJson.of(value));
                    }
                }
            }
        }
        return new NodeShape(type, required, defaultValue, enumValues, bounds, pattern, nullable, oneOf, other);
    }

    private static Map<String, UpgradeCheck> boundsByKeyword() {
        Map<String, UpgradeCheck> bounds = new java.util.HashMap<>();
        for (UpgradeCheck check : UpgradeCheck.values()) {
            if (check.isBound()) {
                bounds.put(check.wireName(), check);
            }
        }
        return Map.copyOf(bounds);
    }

    private static List<String> texts(JsonNode array) {
        List<String> texts = new java.util.ArrayList<>(array.size());
        for (JsonNode member : array) {
            texts.add(member.asText());
        }
        return texts;
    }
}
