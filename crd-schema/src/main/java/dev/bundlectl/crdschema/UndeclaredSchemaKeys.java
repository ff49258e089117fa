package dev.bundlectl.crdschema;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
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
 * <p>The walk follows the schema type's nesting, in both CRD API versions
 * ({@code spec.versions[].schema.openAPIV3Schema}, and v1beta1's {@code spec.validation.openAPIV3Schema}):
 * the values of {@code properties}, {@code patternProperties}, {@code definitions} and
 * {@code dependencies} (a dependency may also be a list of names), {@code items} (one schema or a
 * list), {@code additionalProperties} and {@code additionalItems} when they are schemas rather than
 * booleans, the members of {@code allOf}, {@code anyOf} and {@code oneOf}, {@code not}, and the keys
 * of {@code externalDocs}. It never looks inside {@code default}, {@code example} or {@code enum},
 * which hold any JSON, and property names are names, not keys. The entries of
 * {@code x-kubernetes-validations} are left alone: later Kubernetes versions add fields there.
 */
public final class UndeclaredSchemaKeys {

    private static final List<String> SCHEMA_MAPS = List.of("properties", "patternProperties", "definitions",
            "dependencies");
    private static final List<String> SINGLE_SCHEMAS = List.of("additionalProperties", "additionalItems", "not");
    private static final List<String> SCHEMA_LISTS = List.of("allOf", "anyOf", "oneOf");

    private final boolean remove;
    private final List<String> found = new ArrayList<>();

    private UndeclaredSchemaKeys(boolean remove) {
        this.remove = remove;
    }

    /**
     * The CRD as the API server would keep it on a create, and what it would drop. The CRD given
     * is never changed: anything to drop is dropped from a copy.
     */
    public static PrunedCrd pruned(ObjectNode crd) {
        List<String> dropped = new UndeclaredSchemaKeys(false).walkCrd(crd);
        if (dropped.isEmpty()) {
            return new PrunedCrd(crd, List.of());
        }
        ObjectNode copy = crd.deepCopy();
        new UndeclaredSchemaKeys(true).walkCrd(copy);
        return new PrunedCrd(copy, dropped);
    }

    private List<String> walkCrd(JsonNode crd) {
        JsonNode spec = crd.path("spec");
        int index = 0;
        for (JsonNode version : spec.path("versions")) {
            schema(version.path("schema").path("openAPIV3Schema"),
                    FieldTrail.at("spec.versions[" + index++ + "].schema.openAPIV3Schema"));
        }
        schema(spec.path("validation").path("openAPIV3Schema"), FieldTrail.at("spec.validation.openAPIV3Schema"));
        return found;
    }

    private void schema(JsonNode node, FieldTrail path) {
        if (!(node instanceof ObjectNode schema)) {
            return;
        }
        dropUndeclared(schema, path, DeclaredSchemaKeys::declaresSchemaKey);
        for (String keyword : SCHEMA_MAPS) {
            for (Iterator<Map.Entry<String, JsonNode>> entries = schema.path(keyword).fields(); entries.hasNext();) {
                Map.Entry<String, JsonNode> entry = entries.next();
                schema(entry.getValue(), path.dot(keyword).dot(entry.getKey()));
            }
        }
        JsonNode items = schema.path("items");
        if (items.isArray()) {
            schemaList(items, path.dot("items"));
        } else {
            schema(items, path.dot("items"));
        }
        for (String keyword : SINGLE_SCHEMAS) {
            schema(schema.path(keyword), path.dot(keyword));
        }
        for (String keyword : SCHEMA_LISTS) {
            schemaList(schema.path(keyword), path.dot(keyword));
        }
        externalDocs(schema.path("externalDocs"), path.dot("externalDocs"));
    }

    private void schemaList(JsonNode list, FieldTrail path) {
        int index = 0;
        for (JsonNode member : list) {
            schema(member, path.index(index++));
        }
    }

    private void externalDocs(JsonNode node, FieldTrail path) {
        if (node instanceof ObjectNode docs) {
            dropUndeclared(docs, path, DeclaredSchemaKeys::declaresExternalDocsKey);
        }
    }

    private void dropUndeclared(ObjectNode node, FieldTrail path, Predicate<String> declared) {
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
        if (remove) {
            node.remove(undeclared);
        }
    }
}
