package dev.bundlectl.crdschema;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * The {@code pattern}s of a CustomResourceDefinition's schemas that Go's {@code regexp} refuses,
 * which make the API server refuse the CRD (docs/semantics.md §2): {@code
 * spec.validation.openAPIV3Schema.properties[size].pattern: Invalid value: "^(?!0)…":
 * must be a valid regular expression, but isn't: error parsing regexp: invalid or unsupported
 * Perl syntax: `(?!`} (checked against the real kube-apiserver, {@code RealServerSchemaPatternTest}).
 * The walk follows the server's over a structural schema: {@code items},
 * {@code properties}, {@code additionalProperties}, and {@code allOf}, {@code anyOf},
 * {@code oneOf} and {@code not}; the server sorts a schema's errors by their text, and so does
 * this.
 */
public final class SchemaPatterns {

    private static final String INVALID = "must be a valid regular expression, but isn't: ";
    private static final List<String> SINGLE_SCHEMAS = List.of("items", "additionalProperties", "not");
    private static final List<String> SCHEMA_LISTS = List.of("allOf", "anyOf", "oneOf");
    private static final String V1 = "apiextensions.k8s.io/v1";
    /** What the server keeps once for all versions when every version has the same. */
    private static final List<String> HOISTED = List.of("schema", "subresources", "additionalPrinterColumns");

    private final Map<String, GoRegex> compiled = new HashMap<>();
    private final List<FieldError> refused = new ArrayList<>();

    private SchemaPatterns() {
    }

    /**
     * Every refused pattern of the CRD's schemas, per version in the CRD's order; empty when all
     * compile. The server names the field as its internal form of the CRD has it: a v1 CRD whose
     * versions all have the same schema, subresources and printer columns (one version, always)
     * keeps them once, as {@code spec.validation}; otherwise each version has its own.
     */
    public static List<FieldError> refusedIn(JsonNode crd) {
        SchemaPatterns walk = new SchemaPatterns();
        JsonNode spec = crd.path("spec");
        JsonNode versions = spec.path("versions");
        if (V1.equals(crd.path("apiVersion").asText()) && sharedByAllVersions(versions)) {
            walk.schema(versions.path(0).path("schema").path("openAPIV3Schema"),
                    FieldTrail.at("spec.validation.openAPIV3Schema"));
        } else {
            int index = 0;
            for (JsonNode version : versions) {
                walk.schema(version.path("schema").path("openAPIV3Schema"),
                        FieldTrail.at("spec.versions[" + index++ + "].schema.openAPIV3Schema"));
            }
        }
        walk.schema(spec.path("validation").path("openAPIV3Schema"), FieldTrail.at("spec.validation.openAPIV3Schema"));
        return List.copyOf(walk.refused);
    }

    /** Whether the server's internal form keeps one schema for every version (docs/semantics.md §2). */
    private static boolean sharedByAllVersions(JsonNode versions) {
        if (!versions.isArray() || versions.isEmpty()) {
            return false;
        }
        JsonNode first = versions.get(0);
        for (JsonNode version : versions) {
            for (String field : HOISTED) {
                if (!JsonEquality.equal(first.path(field), version.path(field))) {
                    return false;
                }
            }
        }
        return true;
    }

    private void schema(JsonNode root, FieldTrail path) {
        if (!root.isObject()) {
            return;
        }
        List<FieldError> found = new ArrayList<>();
        visit(root, path, found);
        found.sort(Comparator.comparing(FieldError::toString));
        refused.addAll(found);
    }

    private void visit(JsonNode schema, FieldTrail path, List<FieldError> found) {
        if (!schema.isObject()) {
            return;
        }
        JsonNode pattern = schema.get("pattern");
        if (pattern != null && pattern.isTextual() && !pattern.textValue().isEmpty()
                && compiled.computeIfAbsent(pattern.textValue(), GoRegex::compile) instanceof GoRegex.Refused no) {
            found.add(new FieldError(path.dot("pattern").toString(), "Invalid value", GoText.quote(pattern.textValue()),
                    INVALID + no.error()));
        }
        for (String keyword : SINGLE_SCHEMAS) {
            visit(schema.path(keyword), path.dot(keyword), found);
        }
        for (String keyword : SCHEMA_LISTS) {
            int index = 0;
            for (JsonNode member : schema.path(keyword)) {
                visit(member, path.dot(keyword).index(index++), found);
            }
        }
        JsonNode properties = schema.path("properties");
        for (Iterator<Map.Entry<String, JsonNode>> fields = properties.fields(); fields.hasNext();) {
            Map.Entry<String, JsonNode> property = fields.next();
            visit(property.getValue(), path.dot("properties").index(property.getKey()), found);
        }
    }
}
