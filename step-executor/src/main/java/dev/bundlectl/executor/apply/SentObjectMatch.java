package dev.bundlectl.executor.apply;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;

/**
 * Whether a live object is the one we sent: every field we sent is there with the same value
 * (the server may add defaults and metadata). Used when a retried create meets AlreadyExists
 * after an earlier try whose answer was lost.
 */
final class SentObjectMatch {

    private SentObjectMatch() {
    }

    /** Whether {@code live} contains everything in {@code sent}, ignoring server-owned metadata. */
    static boolean matches(JsonNode sent, JsonNode live) {
        for (Map.Entry<String, JsonNode> field : sent.properties()) {
            if (field.getKey().equals("metadata") || field.getKey().equals("status")) {
                continue;
            }
            if (!contains(field.getValue(), live.path(field.getKey()))) {
                return false;
            }
        }
        JsonNode metadata = sent.path("metadata");
        return contains(metadata.path("labels"), live.path("metadata").path("labels"))
                && contains(metadata.path("annotations"), live.path("metadata").path("annotations"));
    }

    private static boolean contains(JsonNode sent, JsonNode live) {
        if (sent.isMissingNode() || sent.isNull()) {
            return true;
        }
        if (sent.isObject()) {
            if (!live.isObject()) {
                return false;
            }
            for (Map.Entry<String, JsonNode> field : sent.properties()) {
                if (!contains(field.getValue(), live.path(field.getKey()))) {
                    return false;
                }
            }
            return true;
        }
        if (sent.isArray()) {
            if (!live.isArray() || live.size() != sent.size()) {
                return false;
            }
            for (int i = 0; i < sent.size(); i++) {
                if (!contains(sent.get(i), live.get(i))) {
                    return false;
                }
            }
            return true;
        }
        // Scalars: compare as text so that 1 and 1.0, or "true" and true, do not differ.
        return live.isValueNode() && sent.asText().equals(live.asText());
    }
}
