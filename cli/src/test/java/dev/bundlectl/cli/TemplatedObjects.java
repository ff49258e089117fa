package dev.bundlectl.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.bundle.yaml.Mappers;
import dev.bundlectl.executor.ownership.InstallOwner;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/** Reading what {@code template} printed, and the objects compared with what an install sent. */
final class TemplatedObjects {

    private TemplatedObjects() {
    }

    /** The objects of a YAML stream, in order; empty documents (a comment alone) are skipped. */
    static List<ObjectNode> parse(String stream) {
        List<ObjectNode> objects = new ArrayList<>();
        try (MappingIterator<JsonNode> documents = Mappers.yaml().readerFor(JsonNode.class).readValues(stream)) {
            while (documents.hasNext()) {
                JsonNode document = documents.next();
                if (document instanceof ObjectNode object && !object.isEmpty()) {
                    objects.add(object);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return objects;
    }

    /** {@code Kind/namespace/name} (or {@code Kind/name}), as plan's reasons name an object. */
    static String identity(JsonNode object) {
        JsonNode metadata = object.path("metadata");
        String namespace = metadata.path("namespace").asText("");
        return object.path("kind").asText() + "/" + (namespace.isEmpty() ? "" : namespace + "/")
                + metadata.path("name").asText();
    }

    /**
     * {@code object} without bundlectl's own marks: the owner annotations an install writes, and the
     * managed-by label that says bundlectl made it (a template says the engine instead); an
     * emptied labels or annotations map goes too, and so does a null one, which a mark replaces
     * (the server reads a null map as none).
     */
    static ObjectNode withoutBundlectlMarks(JsonNode object) {
        ObjectNode copy = (ObjectNode) object.deepCopy();
        ObjectNode metadata = (ObjectNode) copy.path("metadata");
        if (metadata.has("annotations") && metadata.get("annotations").isNull()) {
            metadata.remove("annotations");
        }
        if (metadata.get("annotations") instanceof ObjectNode annotations) {
            annotations.properties().removeIf(entry -> InstallOwner.isOwnerKey(entry.getKey()));
            if (annotations.isEmpty()) {
                metadata.remove("annotations");
            }
        }
        if (metadata.get("labels") instanceof ObjectNode labels) {
            labels.remove("app.kubernetes.io/managed-by");
            if (labels.isEmpty()) {
                metadata.remove("labels");
            }
        }
        return copy;
    }

    /** The template's labels taken off again: name and version where they are the template's, and managed-by. */
    static ObjectNode withoutEngineLabels(JsonNode templated, JsonNode sent) {
        ObjectNode copy = withoutBundlectlMarks(templated);
        ObjectNode metadata = (ObjectNode) copy.path("metadata");
        if (metadata.get("labels") instanceof ObjectNode labels) {
            JsonNode sentLabels = sent.path("metadata").path("labels");
            for (Iterator<String> keys = List.of("app.kubernetes.io/name", "app.kubernetes.io/version").iterator();
                    keys.hasNext();) {
                String key = keys.next();
                if (!sentLabels.has(key)) {
                    labels.remove(key);
                }
            }
            if (labels.isEmpty()) {
                metadata.remove("labels");
            }
        }
        return copy;
    }
}
