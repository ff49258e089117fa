package dev.bundlectl.crdschema;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Finds, and leaves out of a copy, the keys of a CustomResourceDefinition's schemas that the API
 * server's schema type does not declare ({@link DeclaredSchemaKeys}), such as the
 * {@code x-descriptors} some generators write. The server drops them when it decodes a create, with
 * an "unknown field" warning, but refuses a server-side apply that sets them (docs/semantics.md §2).
 *
 * <p>They are looked for wherever the schema type nests ({@link CrdSchemaWalk} says where), and
 * never inside {@code default}, {@code example} or {@code enum}, which hold any JSON; property
 * names are names, not keys. One instance gathers what one walk finds.
 */
public final class UndeclaredSchemaKeys {

    /** Each key found, as the server names an unknown field, in the walk's order. */
    private final List<String> found = new ArrayList<>();
    /** The nodes holding such keys, and which: what the copy leaves out. */
    private final Map<JsonNode, List<String>> undeclaredByNode = new IdentityHashMap<>();

    UndeclaredSchemaKeys() {
    }

    /**
     * The CRD as the API server would keep it on a create, and what it would drop. The CRD given
     * is never changed: anything to drop is dropped from a copy. Worked out by the same walk as
     * the schema patterns the server refuses ({@link CrdSchemaSurvey}).
     */
    public static PrunedCrd pruned(ObjectNode crd) {
        return CrdSchemaSurvey.of(crd).pruned();
    }

    /** A key of the schema node at {@code path} that the schema type does not declare. */
    void found(ObjectNode schema, FieldTrail path, String key) {
        found.add(path.dot(key).toString());
        undeclaredByNode.computeIfAbsent(schema, node -> new ArrayList<>(1)).add(key);
    }

    /** Looks at the keys of a schema's {@code externalDocs}; {@code path} is its own. */
    void checkExternalDocs(ObjectNode docs, FieldTrail path) {
        check(docs, path, DeclaredSchemaKeys::declaresExternalDocsKey);
    }

    private void check(ObjectNode node, FieldTrail path, Predicate<String> declared) {
        List<String> undeclared = null;
        for (Iterator<String> keys = node.fieldNames(); keys.hasNext();) {
            String key = keys.next();
            if (!declared.test(key)) {
                if (undeclared == null) {
                    undeclared = new ArrayList<>();
                }
                undeclared.add(key);
            }
        }
        if (undeclared == null) {
            return;
        }
        undeclared.forEach(key -> found.add(path.dot(key).toString()));
        undeclaredByNode.put(node, undeclared);
    }

    /** The CRD walked, as kept: itself when nothing was found, else a copy without what was. */
    PrunedCrd keptForm(ObjectNode walked) {
        if (found.isEmpty()) {
            return new PrunedCrd(walked, List.of());
        }
        return new PrunedCrd((ObjectNode) copyWithout(walked), found);
    }

    /** A deep copy, as {@link JsonNode#deepCopy()} makes it, without the keys found. */
    private JsonNode copyWithout(JsonNode node) {
        if (node instanceof ObjectNode object) {
            List<String> left = undeclaredByNode.getOrDefault(object, List.of());
            ObjectNode copy = object.objectNode();
            for (Iterator<Map.Entry<String, JsonNode>> fields = object.fields(); fields.hasNext();) {
                Map.Entry<String, JsonNode> field = fields.next();
                if (!left.contains(field.getKey())) {
                    copy.set(field.getKey(), copyWithout(field.getValue()));
                }
            }
            return copy;
        }
        if (node instanceof ArrayNode array) {
            ArrayNode copy = array.arrayNode(array.size());
            for (JsonNode element : array) {
                copy.add(copyWithout(element));
            }
            return copy;
        }
        // Values are immutable: their deep copy is themselves.
        return node.deepCopy();
    }
}
