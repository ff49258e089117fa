package dev.bundlectl.executor.diff;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;

/**
 * An object as a diff compares it: without what the server writes on every change of any object
 * ({@code metadata.managedFields}, {@code resourceVersion}, {@code generation}, {@code uid},
 * {@code creationTimestamp}, {@code selfLink}) and without {@code status}, which no install writes,
 * with every mapping's keys in sorted order. Left in, these would make every update a change and
 * bury the fields the install changes; sorted keys make the YAML of two versions line up whatever
 * order the server or the bundle wrote them in.
 */
public final class ObjectNormalisation {

    /** The metadata fields the server sets itself. */
    static final Set<String> SERVER_METADATA = Set.of("managedFields", "resourceVersion", "generation", "uid",
            "creationTimestamp", "selfLink");

    private ObjectNormalisation() {
    }

    /** A normalised copy of {@code object}; the object given is not changed. */
    public static ObjectNode normalised(JsonNode object) {
        ObjectNode copy = object.deepCopy();
        copy.remove("status");
        if (copy.get("metadata") instanceof ObjectNode metadata) {
            metadata.remove(SERVER_METADATA);
        }
        return (ObjectNode) sorted(copy);
    }

    /** {@code node} with every object's fields in key order, recursively. */
    static JsonNode sorted(JsonNode node) {
        if (node.isObject()) {
            List<String> names = new ArrayList<>();
            node.fieldNames().forEachRemaining(names::add);
            Collections.sort(names);
            ObjectNode sorted = JsonNodeFactory.instance.objectNode();
            for (String name : names) {
                sorted.set(name, sorted(node.get(name)));
            }
            return sorted;
        }
        if (node.isArray()) {
            ArrayNode sorted = JsonNodeFactory.instance.arrayNode(node.size());
            node.forEach(element -> sorted.add(sorted(element)));
            return sorted;
        }
        return node;
    }
}
