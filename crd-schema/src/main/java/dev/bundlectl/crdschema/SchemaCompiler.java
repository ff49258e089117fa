package dev.bundlectl.crdschema;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Compiles a schema tree into {@link SchemaNode}s once, so that many objects can be validated
 * against it cheaply. Each keyword family has its own {@link CheckFactory}; their order is the
 * order in which the API server's validator reports problems (type, composition, string rules,
 * format, number rules, array rules, enum, object rules). Identical patterns, which large CRDs
 * repeat many times (resource quantities, for one), are compiled once. Not thread-safe; used
 * only while compiling.
 */
final class SchemaCompiler {

    private static final List<CheckFactory> FACTORIES = List.of(
            TypeCheck::from,
            CompositeCheck::allOf,
            CompositeCheck::anyOf,
            CompositeCheck::oneOf,
            NotCheck::from,
            LengthBounds::from,
            PatternCheck::from,
            FormatCheck::from,
            NumberBounds::from,
            ItemsCheck::from,
            EnumCheck::from,
            RequiredCheck::from,
            PropertiesCheck::from,
            EmbeddedResourceCheck::from);

    private final Map<String, GoRegex> patterns = new HashMap<>();

    /** The compiled node; anything but a JSON object is a schema without rules. */
    SchemaNode compile(JsonNode schema) {
        if (schema == null || !schema.isObject()) {
            return SchemaNode.ANYTHING;
        }
        List<Check> checks = new ArrayList<>();
        for (CheckFactory factory : FACTORIES) {
            factory.create(schema, this).ifPresent(checks::add);
        }
        return new SchemaNode(Keywords.flag(schema, "nullable"), checks);
    }

    /** A schema pattern compiled as Go compiles it, from the cache; empty when Go refuses it. */
    Optional<GoRegex.Compiled> pattern(String goPattern) {
        GoRegex compiled = patterns.computeIfAbsent(goPattern, GoRegex::compile);
        return compiled instanceof GoRegex.Compiled accepted ? Optional.of(accepted) : Optional.empty();
    }
}
