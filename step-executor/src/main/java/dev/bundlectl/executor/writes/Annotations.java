package dev.bundlectl.executor.writes;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Optional;

/** Reads one annotation of a manifest. */
final class Annotations {

    private Annotations() {
    }

    /** The annotation's value as text (a non-string YAML value such as {@code true} as its text). */
    static Optional<String> value(JsonNode manifest, String key) {
        JsonNode value = manifest.path("metadata").path("annotations").path(key);
        return value.isValueNode() && !value.isNull() ? Optional.of(value.asText()) : Optional.empty();
    }
}
