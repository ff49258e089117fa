package dev.bundlectl.plan;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.bundle.yaml.Mappers;
import java.io.UncheckedIOException;

/** A manifest body as the compact JSON a step carries. */
final class ManifestJson {

    // Configured once, never changed: safe to share.
    private static final ObjectMapper MAPPER = Mappers.json();

    private ManifestJson() {
    }

    static String compact(ObjectNode body) {
        try {
            return MAPPER.writeValueAsString(body);
        } catch (JsonProcessingException e) {
            // A parsed tree always serialises; failing here is a bug, not bad input.
            throw new UncheckedIOException(e);
        }
    }
}
