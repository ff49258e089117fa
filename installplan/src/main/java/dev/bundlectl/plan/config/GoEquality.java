package dev.bundlectl.plan.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Go's {@code reflect.DeepEqual} on the Kubernetes structs two JSON values decode to, as OLM's
 * {@code inject} compares tolerations, {@code envFrom} sources and affinities: a field written as
 * {@code null} or as the empty string decodes to the same zero value as a field left out (every
 * string field of these structs is a plain {@code string}), while an empty list or object is not
 * the nil a missing one decodes to.
 */
final class GoEquality {

    private GoEquality() {
    }

    /** Whether {@code a} and {@code b} decode to deeply equal Go values. */
    static boolean deepEqual(JsonNode a, JsonNode b) {
        return decoded(a).equals(decoded(b));
    }

    /** Whether {@code value} decodes to its struct's zero value (an empty {@code Affinity}, say). */
    static boolean isZero(JsonNode value) {
        return decoded(value).isEmpty();
    }

    /** The value with every field Go would decode to a zero string or nil left out. */
    private static JsonNode decoded(JsonNode value) {
        if (!value.isObject()) {
            return value;
        }
        ObjectNode kept = JsonNodeFactory.instance.objectNode();
        value.fields().forEachRemaining(field -> {
            JsonNode child = field.getValue();
            if (!child.isNull() && !(child.isTextual() && child.asText().isEmpty())) {
                kept.set(field.getKey(), child.isObject() ? decoded(child) : child);
            }
        });
        return kept;
    }
}
