package dev.bundlectl.plan.objects;

import com.fasterxml.jackson.databind.JsonNode;

/** What kind of JSON value a node holds, for messages ("a number", "a list"). */
final class JsonKinds {

    private JsonKinds() {
    }

    static String describe(JsonNode value) {
        if (value.isTextual()) {
            return "a string";
        }
        if (value.isNumber()) {
            return "a number";
        }
        if (value.isBoolean()) {
            return "a boolean";
        }
        if (value.isArray()) {
            return "a list";
        }
        if (value.isObject()) {
            return "a map";
        }
        return "null";
    }
}
