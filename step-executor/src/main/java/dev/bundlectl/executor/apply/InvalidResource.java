package dev.bundlectl.executor.apply;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.crdschema.FieldError;
import java.util.List;

/**
 * One custom resource that fails the new schema.
 *
 * @param name {@code namespace/name}, or {@code name} for a cluster-scoped object
 * @param firstErrors its first few problems, as Kubernetes prints them
 * @param errorCount how many problems it has in all
 */
record InvalidResource(String name, List<String> firstErrors, int errorCount) {

    /** Problems kept per object; the rest are only counted. */
    static final int ERRORS_SHOWN = 3;

    InvalidResource {
        firstErrors = List.copyOf(firstErrors);
    }

    static InvalidResource of(JsonNode resource, List<FieldError> errors) {
        JsonNode metadata = resource.path("metadata");
        String namespace = metadata.path("namespace").asText("");
        String name = metadata.path("name").asText("");
        List<String> shown = errors.stream().limit(ERRORS_SHOWN).map(FieldError::toString).toList();
        return new InvalidResource(namespace.isEmpty() ? name : namespace + "/" + name, shown, errors.size());
    }

    /** {@code [first, second, third, and 2 more]}. */
    String describeErrors() {
        String listed = String.join(", ", firstErrors);
        int hidden = errorCount - firstErrors.size();
        return "[" + listed + (hidden > 0 ? ", and " + hidden + " more" : "") + "]";
    }
}
