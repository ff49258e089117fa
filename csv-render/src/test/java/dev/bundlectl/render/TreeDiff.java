package dev.bundlectl.render;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.TreeSet;

/** Where two JSON trees first differ, for short failure messages. */
final class TreeDiff {

    private TreeDiff() {
    }

    /** {@code /objects/3/spec: expected X but was Y}, or {@code (equal)}. */
    static String first(JsonNode expected, JsonNode actual) {
        String found = at("", expected, actual);
        return found == null ? "(equal)" : found;
    }

    private static String at(String path, JsonNode expected, JsonNode actual) {
        if (expected.equals(actual)) {
            return null;
        }
        if (expected.isObject() && actual.isObject()) {
            TreeSet<String> keys = new TreeSet<>();
            expected.fieldNames().forEachRemaining(keys::add);
            actual.fieldNames().forEachRemaining(keys::add);
            for (String key : keys) {
                String found = at(path + "/" + key, expected.path(key), actual.path(key));
                if (found != null) {
                    return found;
                }
            }
        }
        if (expected.isArray() && actual.isArray() && expected.size() == actual.size()) {
            for (int i = 0; i < expected.size(); i++) {
                String found = at(path + "/" + i, expected.get(i), actual.get(i));
                if (found != null) {
                    return found;
                }
            }
        }
        return (path.isEmpty() ? "/" : path) + ": expected " + shorten(expected) + " but was " + shorten(actual);
    }

    private static String shorten(JsonNode node) {
        String text = node.isMissingNode() ? "(missing)" : node.toString();
        return text.length() > 300 ? text.substring(0, 300) + "..." : text;
    }
}
