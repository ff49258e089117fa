package dev.bundlectl.crdschema.upgrade;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * One version's schema as the checks see it: every field path, in the schema's order, with the
 * {@link NodeShape} of its node and the path of the node it is nested in. The paths follow what a
 * custom resource holds: a property is {@code .name}, a list's items {@code [*]} and a map's
 * values {@code .*} ({@code additionalProperties}), the top of the schema {@code .}. Every other
 * nesting keyword ({@code allOf}, {@code anyOf}, {@code not}, {@code patternProperties}, …) is
 * compared as a whole, as a key of its node.
 */
final class SchemaShape {

    /** The path of the schema's top. */
    static final String ROOT = ".";

    /** A property name written after a dot as it is; any other goes in brackets and quotes. */
    private static final Pattern PLAIN_NAME = Pattern.compile("[A-Za-z_$][A-Za-z0-9_$-]*");

    /**
     * One node.
     *
     * @param parent the path of the node it is nested in; null at the top
     * @param shape what the checks compare of it
     */
    record Node(String parent, NodeShape shape) {
    }

    private final Map<String, Node> nodes;

    private SchemaShape(Map<String, Node> nodes) {
        this.nodes = Collections.unmodifiableMap(nodes);
    }

    /** The shape of an {@code openAPIV3Schema}. */
    static SchemaShape of(JsonNode schema, ShapeInterner interner) {
        Map<String, Node> nodes = new LinkedHashMap<>();
        walk(schema, null, ROOT, nodes, interner);
        return new SchemaShape(nodes);
    }

    private static void walk(JsonNode schema, String parent, String path, Map<String, Node> nodes,
            ShapeInterner interner) {
        if (!schema.isObject()) {
            return;
        }
        nodes.put(path, new Node(parent, interner.node(NodeShape.of(schema))));
        JsonNode properties = schema.get("properties");
        if (properties != null && properties.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> fields = properties.fields(); fields.hasNext();) {
                Map.Entry<String, JsonNode> property = fields.next();
                walk(property.getValue(), path, interner.path(property(path, property.getKey())), nodes, interner);
            }
        }
        JsonNode items = schema.get("items");
        if (items != null && items.isObject()) {
            walk(items, path, interner.path(path.equals(ROOT) ? ".[*]" : path + "[*]"), nodes, interner);
        }
        JsonNode values = schema.get("additionalProperties");
        if (values != null && values.isObject()) {
            walk(values, path, interner.path(path.equals(ROOT) ? ".*" : path + ".*"), nodes, interner);
        }
    }

    /** {@code path.name}, or {@code path["odd.name"]}. */
    static String property(String path, String name) {
        String base = path.equals(ROOT) ? "" : path;
        if (PLAIN_NAME.matcher(name).matches()) {
            return base + "." + name;
        }
        return (base.isEmpty() ? "." : base) + "[" + com.fasterxml.jackson.databind.node.TextNode.valueOf(name) + "]";
    }

    /** Every node by path, in the schema's order. */
    Map<String, Node> nodes() {
        return nodes;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof SchemaShape shape && nodes.equals(shape.nodes);
    }

    @Override
    public int hashCode() {
        return Objects.hash(nodes);
    }
}
