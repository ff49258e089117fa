package dev.bundlectl.crdschema;

import com.fasterxml.jackson.databind.JsonNode;

/** The OpenAPI type name of a decoded JSON value, as the API server's validator names it. */
final class JsonTypes {

    private JsonTypes() {
    }

    /**
     * {@code object}, {@code array}, {@code string}, {@code boolean}, {@code integer} (a number
     * written without a fraction), {@code number} or {@code null}.
     */
    static String of(JsonNode value) {
        if (value.isObject()) {
            return "object";
        }
        if (value.isArray()) {
            return "array";
        }
        if (value.isTextual()) {
            return "string";
        }
        if (value.isBoolean()) {
            return "boolean";
        }
        if (value.isIntegralNumber()) {
            return "integer";
        }
        if (value.isNumber()) {
            return "number";
        }
        return "null";
    }

    /** Whether a number has no fractional part, e.g. {@code 3} or {@code 3.0}. */
    static boolean isWholeNumber(JsonNode value) {
        if (value.isIntegralNumber()) {
            return true;
        }
        return value.isNumber() && value.decimalValue().stripTrailingZeros().scale() <= 0;
    }
}
