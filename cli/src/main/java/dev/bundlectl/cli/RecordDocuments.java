package dev.bundlectl.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.bundlectl.bundle.yaml.Mappers;
import java.io.UncheckedIOException;

/** Prints install records as YAML or JSON documents, times as RFC 3339 text. */
final class RecordDocuments {

    private final ObjectMapper json = Mappers.reportJson();
    private final ObjectMapper yaml = Mappers.reportYaml();

    String toJson(Object value) {
        return write(json, value);
    }

    String toYaml(Object value) {
        return write(yaml, value);
    }

    private static String write(ObjectMapper mapper, Object value) {
        try {
            return mapper.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
