package dev.bundlectl.bundle.objects;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Locale;

/** Words and text for parsed values, for messages and for places where Kubernetes wants a string. */
public final class NodeText {

    private NodeText() {
    }

    /** Strings as they are, null as "", other scalars as written, mappings and lists as JSON. */
    public static String asString(JsonNode value) {
        if (value == null || value.isNull() || value.isMissingNode()) {
            return "";
        }
        if (value.isValueNode()) {
            return value.asText();
        }
        return value.toString();
    }

    /** "a number", "a list" ...: what a value is, for messages. */
    public static String describe(JsonNode node) {
        switch (node.getNodeType()) {
            case OBJECT:
                return "a mapping";
            case ARRAY:
                return "a list";
            case NUMBER:
                return "a number";
            case BOOLEAN:
                return "a boolean";
            case NULL:
            case MISSING:
                return "empty";
            case STRING:
                return "a string";
            default:
                return "a " + node.getNodeType().name().toLowerCase(Locale.ROOT) + " value";
        }
    }
}
