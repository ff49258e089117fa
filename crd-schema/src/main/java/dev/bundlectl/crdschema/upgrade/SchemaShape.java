package dev.bundlectl.crdschema.upgrade;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * One schema node as the checks see it: its {@link NodeShape} and the nodes nested in it, each
 * under the step that leads there from this one, as a custom resource's fields go: a property
 * {@code .name}, a list's items {@code [*]}, a map's values {@code .*} ({@code additionalProperties}).
 * Every other nesting keyword ({@code allOf}, {@code anyOf}, {@code not}, {@code patternProperties},
 * …) is compared as a whole, as a key of its node.
 *
 * <p>Built bottom-up through a {@link ShapeInterner}, equal subtrees are one object: the versions of
 * a CRD in a catalog share every part that did not change, and a comparison passes over a shared
 * subtree at once. Immutable.
 */
final class SchemaShape {

    /** The path of a schema's top. */
    static final String ROOT = ".";

    /** A property name written after a dot as it is; any other goes in brackets and quotes. */
    private static final Pattern PLAIN_NAME = Pattern.compile("[A-Za-z_$][A-Za-z0-9_$-]*");

    private final NodeShape node;
    private final Map<String, SchemaShape> nested;
    private final int hash;

    private SchemaShape(NodeShape node, Map<String, SchemaShape> nested) {
        this.node = node;
        this.nested = nested.isEmpty() ? Map.of() : Collections.unmodifiableMap(nested);
        this.hash = 31 * node.hashCode() + nested.hashCode();
    }

    /** The shape of an {@code openAPIV3Schema} (or any node of one); never null, an empty shape for a non-object. */
    static SchemaShape of(JsonNode schema, ShapeInterner interner) {
        if (!schema.isObject()) {
            return interner.schema(new SchemaShape(interner.node(NodeShape.of(com.fasterxml.jackson.databind.node
                    .JsonNodeFactory.instance.objectNode())), Map.of()));
        }
        Map<String, SchemaShape> nested = new LinkedHashMap<>();
        JsonNode properties = schema.get("properties");
        if (properties != null && properties.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> fields = properties.fields(); fields.hasNext();) {
                Map.Entry<String, JsonNode> property = fields.next();
                if (property.getValue().isObject()) {
                    nested.put(step(property.getKey()), of(property.getValue(), interner));
                }
            }
        }
        JsonNode items = schema.get("items");
        if (items != null && items.isObject()) {
            nested.put("[*]", of(items, interner));
        }
        JsonNode values = schema.get("additionalProperties");
        if (values != null && values.isObject()) {
            nested.put(".*", of(values, interner));
        }
        return interner.schema(new SchemaShape(interner.node(NodeShape.of(schema)), nested));
    }

    /** The step to a property: {@code .name}, or {@code ["odd.name"]}. */
    static String step(String name) {
        return PLAIN_NAME.matcher(name).matches() ? "." + name : "[" + TextNode.valueOf(name) + "]";
    }

    /** The path one step on from {@code path}. */
    static String path(String path, String step) {
        if (path.equals(ROOT)) {
            return step.startsWith(".") ? step : "." + step;
        }
        return path + step;
    }

    /** This node's own keys, as the checks compare them. */
    NodeShape node() {
        return node;
    }

    /** The nodes nested in this one, by the step to each, in the schema's order. */
    Map<String, SchemaShape> nested() {
        return nested;
    }

    @Override
    public boolean equals(Object other) {
        return other == this || other instanceof SchemaShape shape && hash == shape.hash && node.equals(shape.node)
                && nested.equals(shape.nested);
    }

    @Override
    public int hashCode() {
        return hash;
    }
}
