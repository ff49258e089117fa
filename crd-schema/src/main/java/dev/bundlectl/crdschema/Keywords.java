package dev.bundlectl.crdschema;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Reads schema keywords leniently: a keyword of the wrong JSON type counts as absent. The API
 * server would have refused such a CRD, so ignoring it can only make us accept more, never
 * refuse an update the server would allow.
 */
final class Keywords {

    private Keywords() {
    }

    /** A non-negative integer keyword such as {@code maxLength}. */
    static OptionalLong count(JsonNode schema, String name) {
        JsonNode value = schema.get(name);
        if (value != null && value.isIntegralNumber() && value.canConvertToLong() && value.longValue() >= 0) {
            return OptionalLong.of(value.longValue());
        }
        return OptionalLong.empty();
    }

    /** A boolean keyword such as {@code nullable}; absent means false. */
    static boolean flag(JsonNode schema, String name) {
        JsonNode value = schema.get(name);
        return value != null && value.isBoolean() && value.booleanValue();
    }

    /** A string keyword such as {@code pattern}. */
    static Optional<String> text(JsonNode schema, String name) {
        JsonNode value = schema.get(name);
        return value != null && value.isTextual() ? Optional.of(value.textValue()) : Optional.empty();
    }
}
