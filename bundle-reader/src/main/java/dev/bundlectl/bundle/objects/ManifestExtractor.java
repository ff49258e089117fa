package dev.bundlectl.bundle.objects;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.bundle.Diagnostics;
import dev.bundlectl.bundle.Manifest;
import dev.bundlectl.bundle.SourceLocation;
import dev.bundlectl.bundle.yaml.FieldPath;
import dev.bundlectl.bundle.yaml.LoadedDocument;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns parsed documents into {@link Manifest}s: expands {@code *List} kinds into their items and
 * checks that every object has {@code apiVersion}, {@code kind} and {@code metadata.name}.
 * An object that fails a check is reported as an error and left out.
 */
public final class ManifestExtractor {

    private static final String API_VERSION = "apiVersion";
    private static final String KIND = "kind";
    private static final String NAME = "name";

    /**
     * Appends the valid objects of one document to {@code out}, reporting problems to
     * {@code diagnostics}.
     *
     * @return how many objects were left out as invalid
     */
    public int extract(LoadedDocument document, List<Manifest> out, Diagnostics.Collector diagnostics) {
        SourceLocation location = document.location();
        JsonNode root = document.root();
        if (!root.isObject()) {
            diagnostics.error(location, null, null,
                    "the document is " + NodeText.describe(root) + ", not a Kubernetes object (a mapping)");
            return 1;
        }
        ObjectNode object = (ObjectNode) root;
        if (isList(object)) {
            JsonNode items = object.get("items");
            int invalid = 0;
            for (int i = 0; i < items.size(); i++) {
                JsonNode item = items.get(i);
                String field = FieldPath.element("items", i);
                if (item.isObject()) {
                    invalid += toManifest((ObjectNode) item, field + ".", location, diagnostics, out) ? 0 : 1;
                } else {
                    diagnostics.error(location, null, field, "a list item is " + NodeText.describe(item)
                            + ", not a Kubernetes object (a mapping)");
                    invalid++;
                }
            }
            return invalid;
        }
        return toManifest(object, "", location, diagnostics, out) ? 0 : 1;
    }

    /** {@code kind: List}, {@code kind: ConfigMapList} ... with an {@code items} list. */
    private static boolean isList(ObjectNode object) {
        JsonNode kind = object.get(KIND);
        return kind != null && kind.isTextual() && kind.textValue().endsWith("List") && object.path("items").isArray();
    }

    /** Adds the object to {@code out} if it is valid; returns whether it was. */
    private static boolean toManifest(ObjectNode object, String prefix, SourceLocation location,
            Diagnostics.Collector diagnostics, List<Manifest> out) {
        JsonNode metadataNode = object.get("metadata");
        ObjectNode metadata = metadataNode instanceof ObjectNode ? (ObjectNode) metadataNode : null;
        String kindText = textOrNull(object.get(KIND));
        String nameText = metadata == null ? null : textOrNull(metadata.get(NAME));
        String display = displayName(kindText, nameText);

        boolean valid = requireString(object, API_VERSION, prefix, location, display, diagnostics);
        valid &= requireString(object, KIND, prefix, location, display, diagnostics);
        if (metadata == null) {
            String problem = metadataNode == null || metadataNode.isNull()
                    ? "the object has no metadata (it needs metadata.name)"
                    : "metadata is " + NodeText.describe(metadataNode) + ", not a mapping";
            diagnostics.error(location, display, prefix + "metadata", problem + hint(object, "metadata"));
            return false;
        }
        valid &= requireString(metadata, NAME, prefix + "metadata.", location, display, diagnostics);
        JsonNode namespaceNode = metadata.get("namespace");
        if (namespaceNode != null && !namespaceNode.isNull() && !namespaceNode.isTextual()) {
            diagnostics.error(location, display, prefix + "metadata.namespace",
                    "the namespace is " + NodeText.describe(namespaceNode) + ", not a string");
            valid = false;
        }
        JsonNode annotationsNode = metadata.get("annotations");
        if (annotationsNode != null && !annotationsNode.isNull() && !annotationsNode.isObject()) {
            diagnostics.error(location, display, prefix + "metadata.annotations",
                    "the annotations are " + NodeText.describe(annotationsNode) + ", not a mapping");
            valid = false;
        }
        if (!valid) {
            return false;
        }
        String namespace = textOrNull(namespaceNode);
        Map<String, String> annotations = annotationTexts(annotationsNode, prefix + "metadata.annotations",
                location, display, diagnostics);
        out.add(new Manifest(location, object.get(API_VERSION).textValue(), kindText, nameText,
                namespace == null || namespace.isEmpty() ? null : namespace, annotations, object));
        return true;
    }

    private static boolean requireString(ObjectNode object, String field, String prefix, SourceLocation location,
            String display, Diagnostics.Collector diagnostics) {
        JsonNode value = object.get(field);
        if (value != null && value.isTextual() && !value.textValue().isEmpty()) {
            return true;
        }
        String problem = value == null || value.isNull()
                ? "the object has no " + field + hint(object, field)
                : value.isTextual() ? field + " is empty" : field + " is " + NodeText.describe(value) + ", not a string";
        diagnostics.error(location, display, prefix + field, problem);
        return false;
    }

    /** "; did you mean apiVersion? (found ApiVersion)" when a key differs only in case. */
    private static String hint(ObjectNode object, String field) {
        Iterator<String> names = object.fieldNames();
        while (names.hasNext()) {
            String name = names.next();
            if (!name.equals(field) && name.equalsIgnoreCase(field)) {
                return "; it has a key spelled '" + name + "': did you mean " + field + "?";
            }
        }
        return "";
    }

    /**
     * Annotation values as Kubernetes needs them: strings. Anything else is converted to its text
     * with a warning, because the API server would reject the object as it is written.
     */
    private static Map<String, String> annotationTexts(JsonNode annotations, String field, SourceLocation location,
            String display, Diagnostics.Collector diagnostics) {
        if (annotations == null || !annotations.isObject()) {
            return Map.of();
        }
        Map<String, String> texts = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> entry : annotations.properties()) {
            JsonNode value = entry.getValue();
            if (value.isTextual()) {
                texts.put(entry.getKey(), value.textValue());
                continue;
            }
            String text = NodeText.asString(value);
            texts.put(entry.getKey(), text);
            diagnostics.warning(location, display, FieldPath.child(field, entry.getKey()), "the annotation value is "
                    + NodeText.describe(value) + ", not a string; it is read as the text \"" + text + "\"");
        }
        return texts;
    }

    private static String displayName(String kind, String name) {
        if (kind == null) {
            return name;
        }
        return name == null ? kind : kind + "/" + name;
    }

    private static String textOrNull(JsonNode node) {
        return node != null && node.isTextual() ? node.textValue() : null;
    }
}
