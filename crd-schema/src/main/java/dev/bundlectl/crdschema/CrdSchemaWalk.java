package dev.bundlectl.crdschema;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The one walk over a CustomResourceDefinition's schemas: it visits each schema node once and
 * shows it both to {@link UndeclaredSchemaKeys} and, where the server looks for patterns, to
 * {@link SchemaPatterns}. The two used to walk every schema separately, 11% of the catalogs'
 * batch plan between them (bench/README.md, issue 45).
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

    private static final List<String> SCHEMA_MAPS = List.of("properties", "patternProperties", "definitions",
            "dependencies");
    private static final List<String> SINGLE_SCHEMAS = List.of("additionalProperties", "additionalItems", "not");
    private static final List<String> SCHEMA_LISTS = List.of("allOf", "anyOf", "oneOf");
    /** Where the server nests schemas but does not look for patterns. */
    private static final Set<String> NO_PATTERNS_BENEATH = Set.of("patternProperties", "definitions",
            "dependencies", "additionalItems");

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
     * One schema node and every schema it nests.
     *
     * @param withPatterns whether the server looks at the patterns here
     */
    private void schema(JsonNode node, FieldTrail path, boolean withPatterns) {
        if (!(node instanceof ObjectNode schema)) {
            return;
        }
        undeclared.checkSchema(schema, path);
        if (withPatterns) {
            patterns.check(schema, path);
        }
        // The order is that of the unknown fields the server names: a node's own keys, then these.
        for (String keyword : SCHEMA_MAPS) {
            JsonNode map = schema.get(keyword);
            if (map == null || map.isEmpty()) {
                continue;
            }
            FieldTrail mapPath = path.dot(keyword);
            boolean nestedPatterns = withPatterns && !NO_PATTERNS_BENEATH.contains(keyword);
            for (Iterator<Map.Entry<String, JsonNode>> entries = map.fields(); entries.hasNext();) {
                Map.Entry<String, JsonNode> entry = entries.next();
                schema(entry.getValue(), mapPath.key(entry.getKey()), nestedPatterns);
            }
        }
        JsonNode items = schema.get("items");
        if (items != null) {
            if (items.isArray()) {
                schemaList(items, path.dot("items"), false);
            } else {
                schema(items, path.dot("items"), withPatterns);
            }
        }
        for (String keyword : SINGLE_SCHEMAS) {
            JsonNode single = schema.get(keyword);
            if (single instanceof ObjectNode) {
                schema(single, path.dot(keyword), withPatterns && !NO_PATTERNS_BENEATH.contains(keyword));
            }
        }
        for (String keyword : SCHEMA_LISTS) {
            JsonNode list = schema.get(keyword);
            if (list != null) {
                schemaList(list, path.dot(keyword), withPatterns);
            }
        }
        if (schema.get("externalDocs") instanceof ObjectNode docs) {
            undeclared.checkExternalDocs(docs, path.dot("externalDocs"));
        }
    }

    /** The members of a list of schemas (of an object's values, as a list's, should one stand there). */
    private void schemaList(JsonNode list, FieldTrail path, boolean withPatterns) {
        int index = 0;
        for (JsonNode member : list) {
            schema(member, path.index(index++), withPatterns);
        }
    }
}
