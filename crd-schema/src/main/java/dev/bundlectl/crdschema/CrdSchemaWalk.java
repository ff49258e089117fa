package dev.bundlectl.crdschema;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * The one walk over a CustomResourceDefinition's schemas: it visits each schema node once and
 * shows it both to {@link UndeclaredSchemaKeys} and, where the server looks for patterns, to
 * {@link SchemaPatterns}. The two used to walk every schema separately, 11-19% of the profile of
 * the catalogs' batch plan between them (bench/README.md, issue 45).
 *
 * <p>The walk follows the schema type's nesting, in both CRD API versions
 * ({@code spec.versions[].schema.openAPIV3Schema}, and v1beta1's {@code spec.validation.openAPIV3Schema}):
 * the values of {@code properties}, {@code patternProperties}, {@code definitions} and
 * {@code dependencies} (a dependency may also be a list of names), {@code items} (one schema or a
 * list), {@code additionalProperties} and {@code additionalItems} when they are schemas rather than
 * booleans, the members of {@code allOf}, {@code anyOf} and {@code oneOf}, {@code not}, and the keys
 * of {@code externalDocs}. The entries of {@code x-kubernetes-validations} are left alone: later
 * Kubernetes versions add fields there. Patterns are looked at only where a structural schema
 * nests, as the server looks: not beneath {@code patternProperties}, {@code definitions},
 * {@code dependencies}, {@code additionalItems} or a list of {@code items}.
 */
final class CrdSchemaWalk {

    /**
     * Each key a schema node may carry, as the walk takes it: one look-up per key tells an
     * undeclared key (absent), a nesting keyword, the pattern, or any other declared key.
     */
    private static final Map<String, SchemaKey> DECLARED = declared();

    private final UndeclaredSchemaKeys undeclared = new UndeclaredSchemaKeys();
    private final SchemaPatterns patterns = new SchemaPatterns();

    private CrdSchemaWalk() {
    }

    /** Walks every schema of {@code crd} once; the CRD given is never changed. */
    static CrdSchemaSurvey survey(ObjectNode crd) {
        CrdSchemaWalk walk = new CrdSchemaWalk();
        JsonNode spec = crd.path("spec");
        int index = 0;
        for (JsonNode version : spec.path("versions")) {
            walk.root(version.path("schema").path("openAPIV3Schema"),
                    FieldTrail.at("spec.versions[" + index++ + "].schema.openAPIV3Schema"));
        }
        walk.root(spec.path("validation").path("openAPIV3Schema"), FieldTrail.at("spec.validation.openAPIV3Schema"));
        PrunedCrd pruned = walk.undeclared.keptForm(crd);
        // The server names a refused pattern after the CRD it keeps, whose versions may share one schema.
        return new CrdSchemaSurvey(pruned, walk.patterns.refused(pruned.crd()));
    }

    private void root(JsonNode schema, FieldTrail path) {
        patterns.startSchema();
        schema(schema, path, true);
    }

    /**
     * One schema node and every schema it nests: its own keys in one pass (the undeclared ones in
     * their order, the pattern), then what its nesting keywords hold, in the order the server
     * names unknown fields.
     *
     * @param withPatterns whether the server looks at the patterns here
     */
    private void schema(JsonNode node, FieldTrail path, boolean withPatterns) {
        if (!(node instanceof ObjectNode schema)) {
            return;
        }
        JsonNode[] nested = null;
        for (Iterator<Map.Entry<String, JsonNode>> fields = schema.fields(); fields.hasNext();) {
            Map.Entry<String, JsonNode> field = fields.next();
            SchemaKey key = DECLARED.get(field.getKey());
            if (key == null) {
                undeclared.found(schema, path, field.getKey());
            } else if (key == SchemaKey.PATTERN) {
                if (withPatterns) {
                    patterns.check(field.getValue(), path);
                }
            } else if (key != SchemaKey.OTHER) {
                if (nested == null) {
                    nested = new JsonNode[SchemaKey.OTHER.ordinal()];
                }
                nested[key.ordinal()] = field.getValue();
            }
        }
        if (nested != null) {
            nested(nested, path, withPatterns);
        }
    }

    /** What a node's nesting keywords hold, {@code nested} indexed by their {@link SchemaKey#ordinal()}. */
    private void nested(JsonNode[] nested, FieldTrail path, boolean withPatterns) {
        for (SchemaKey key : SchemaKey.NESTING) {
            JsonNode value = nested[key.ordinal()];
            if (value == null) {
                continue;
            }
            boolean nestedPatterns = withPatterns && key.patternsBeneath;
            switch (key.shape) {
                case MAP -> {
                    if (!value.isEmpty()) {
                        FieldTrail mapPath = path.dot(key.keyword);
                        for (Iterator<Map.Entry<String, JsonNode>> entries = value.fields(); entries.hasNext();) {
                            Map.Entry<String, JsonNode> entry = entries.next();
                            schema(entry.getValue(), mapPath.key(entry.getKey()), nestedPatterns);
                        }
                    }
                }
                case ONE_OR_LIST -> {
                    if (value.isArray()) {
                        schemaList(value, path.dot(key.keyword), false);
                    } else {
                        schema(value, path.dot(key.keyword), nestedPatterns);
                    }
                }
                case ONE -> {
                    if (value instanceof ObjectNode) {
                        schema(value, path.dot(key.keyword), nestedPatterns);
                    }
                }
                case LIST -> schemaList(value, path.dot(key.keyword), nestedPatterns);
                case DOCS -> {
                    if (value instanceof ObjectNode docs) {
                        undeclared.checkExternalDocs(docs, path.dot(key.keyword));
                    }
                }
                default -> throw new IllegalStateException("not a nesting keyword: " + key);
            }
        }
    }

    /** The members of a list of schemas (of an object's values, as a list's, should one stand there). */
    private void schemaList(JsonNode list, FieldTrail path, boolean withPatterns) {
        int index = 0;
        for (JsonNode member : list) {
            schema(member, path.index(index++), withPatterns);
        }
    }

    private static Map<String, SchemaKey> declared() {
        Map<String, SchemaKey> keys = new HashMap<>();
        for (String key : DeclaredSchemaKeys.schemaKeys()) {
            keys.put(key, SchemaKey.OTHER);
        }
        for (SchemaKey key : SchemaKey.values()) {
            if (key.keyword != null) {
                keys.put(key.keyword, key);
            }
        }
        return Map.copyOf(keys);
    }

    /** What a schema node's key holds. */
    private enum Shape { MAP, ONE_OR_LIST, ONE, LIST, DOCS, NONE }

    /**
     * The declared keys the walk does more with than keep: the nesting keywords, in the order the
     * server names the unknown fields found beneath them, then the pattern; {@link #OTHER} stands
     * for every other declared key.
     */
    private enum SchemaKey {
        PROPERTIES("properties", Shape.MAP, true),
        PATTERN_PROPERTIES("patternProperties", Shape.MAP, false),
        DEFINITIONS("definitions", Shape.MAP, false),
        /** A dependency may also be a list of names, which the walk passes by. */
        DEPENDENCIES("dependencies", Shape.MAP, false),
        ITEMS("items", Shape.ONE_OR_LIST, true),
        ADDITIONAL_PROPERTIES("additionalProperties", Shape.ONE, true),
        ADDITIONAL_ITEMS("additionalItems", Shape.ONE, false),
        NOT("not", Shape.ONE, true),
        ALL_OF("allOf", Shape.LIST, true),
        ANY_OF("anyOf", Shape.LIST, true),
        ONE_OF("oneOf", Shape.LIST, true),
        EXTERNAL_DOCS("externalDocs", Shape.DOCS, false),
        PATTERN("pattern", Shape.NONE, false),
        OTHER(null, Shape.NONE, false);

        /** The nesting keywords, in order. */
        static final List<SchemaKey> NESTING = List.of(values()).subList(0, PATTERN.ordinal());

        final String keyword;
        final Shape shape;
        /**
         * Whether the server looks for patterns beneath (where a structural schema nests); for
         * {@code items}, only when it is one schema, not a list.
         */
        final boolean patternsBeneath;

        SchemaKey(String keyword, Shape shape, boolean patternsBeneath) {
            this.keyword = keyword;
            this.shape = shape;
            this.patternsBeneath = patternsBeneath;
        }
    }
}
