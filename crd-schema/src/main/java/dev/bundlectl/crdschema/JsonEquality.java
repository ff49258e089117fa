package dev.bundlectl.crdschema;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Iterator;
import java.util.Map;

/**
 * Deep equality of decoded JSON values, with numbers compared by value rather than by how they
 * were written: {@code 9} equals {@code 9.0}, as both decode to the same Go value. Object keys
 * compare regardless of order.
 */
public final class JsonEquality {

    private JsonEquality() {
    }

    /** Whether {@code a} and {@code b} hold the same JSON value. */
    public static boolean equal(JsonNode a, JsonNode b) {
        if (a.isNumber() && b.isNumber()) {
            return a.decimalValue().compareTo(b.decimalValue()) == 0;
        }
        if (a.isObject() && b.isObject()) {
            if (a.size() != b.size()) {
                return false;
            }
            for (Iterator<Map.Entry<String, JsonNode>> fields = a.fields(); fields.hasNext();) {
                Map.Entry<String, JsonNode> field = fields.next();
                JsonNode other = b.get(field.getKey());
                if (other == null || !equal(field.getValue(), other)) {
                    return false;
                }
            }
            return true;
        }
        if (a.isArray() && b.isArray()) {
            if (a.size() != b.size()) {
                return false;
            }
            for (int i = 0; i < a.size(); i++) {
                if (!equal(a.get(i), b.get(i))) {
                    return false;
                }
            }
            return true;
        }
        return a.equals(b);
    }
}
