package dev.bundlectl.crdschema;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code pattern}s of a CustomResourceDefinition's schemas that Go's {@code regexp} refuses,
 * which make the API server refuse the CRD (docs/semantics.md §2): {@code
 * spec.validation.openAPIV3Schema.properties[size].pattern: Invalid value: "^(?!0)…":
 * must be a valid regular expression, but isn't: error parsing regexp: invalid or unsupported
 * Perl syntax: `(?!`} (checked against the real kube-apiserver, {@code RealServerSchemaPatternTest}).
 * The server looks where a structural schema nests: {@code items}, {@code properties},
 * {@code additionalProperties}, and {@code allOf}, {@code anyOf}, {@code oneOf} and {@code not};
 * it sorts a schema's errors by their text, and so does this.
 *
 * <p>One instance gathers the refusals of one {@link CrdSchemaWalk}, which shows it each schema
 * node where the server looks for a pattern, schema by schema.
 */
public final class SchemaPatterns {

    private static final String INVALID = "must be a valid regular expression, but isn't: ";
    private static final String V1 = "apiextensions.k8s.io/v1";
    private static final String SHARED_ROOT = "spec.validation.openAPIV3Schema";
    /** What the server keeps once for all versions when every version has the same. */
    private static final List<String> HOISTED = List.of("schema", "subresources", "additionalPrinterColumns");

    private final Map<String, GoRegex> compiled = new HashMap<>();
    /** The refusals of each schema walked, in the walk's order: each version's, then spec.validation's. */
    private final List<List<Refusal>> bySchema = new ArrayList<>();
    private List<Refusal> current;

    SchemaPatterns() {
    }

    /**
     * Every refused pattern of the CRD's schemas, per version in the CRD's order; empty when all
     * compile. The server names the field as its internal form of the CRD it keeps (without the
     * keys it drops, {@link UndeclaredSchemaKeys}) has it: a v1 CRD whose versions all have the
     * same schema, subresources and printer columns (one version, always) keeps them once, as
     * {@code spec.validation}; otherwise each version has its own. Worked out by the same walk as
     * the keys it drops ({@link CrdSchemaSurvey}).
     */
    public static List<FieldError> refusedIn(JsonNode crd) {
        return crd instanceof ObjectNode object ? CrdSchemaSurvey.of(object).refusedPatterns() : List.of();
    }

    /** The walk enters the next schema: the next version's, or at the end spec.validation's. */
    void startSchema() {
        current = new ArrayList<>(0);
        bySchema.add(current);
    }

    /** Looks at the {@code pattern} of the schema node at {@code path}. */
    void check(JsonNode pattern, FieldTrail path) {
        if (pattern.isTextual() && !pattern.textValue().isEmpty()
                && compiled.computeIfAbsent(pattern.textValue(), GoRegex::compile) instanceof GoRegex.Refused no) {
            current.add(new Refusal(path.dot("pattern"), pattern.textValue(), no.error()));
        }
    }

    /**
     * The refusals found, as the server reports them for {@code kept}, the CRD it keeps: the
     * schemas must have been started in the order {@link CrdSchemaWalk} walks them, every
     * version's, then {@code spec.validation}'s.
     */
    List<FieldError> refused(JsonNode kept) {
        if (bySchema.stream().allMatch(List::isEmpty)) {
            // Nothing to name, so whether the versions share a schema (a walk of its own) is moot.
            return List.of();
        }
        int validation = bySchema.size() - 1;
        List<FieldError> refused = new ArrayList<>();
        if (V1.equals(kept.path("apiVersion").asText()) && sharedByAllVersions(kept.path("spec").path("versions"))) {
            // All versions are the same, so the first one's refusals are every version's.
            addSorted(refused, bySchema.get(0), SHARED_ROOT);
        } else {
            for (List<Refusal> version : bySchema.subList(0, validation)) {
                addSorted(refused, version, null);
            }
        }
        addSorted(refused, bySchema.get(validation), null);
        return List.copyOf(refused);
    }

    /** Whether the server's internal form keeps one schema for every version (docs/semantics.md §2). */
    private static boolean sharedByAllVersions(JsonNode versions) {
        if (!versions.isArray() || versions.isEmpty()) {
            return false;
        }
        JsonNode first = versions.get(0);
        for (JsonNode version : versions) {
            if (version == first) {
                continue;
            }
            for (String field : HOISTED) {
                if (!JsonEquality.equal(first.path(field), version.path(field))) {
                    return false;
                }
            }
        }
        return true;
    }

    /** One schema's refusals, named from {@code root} (null: their own) and sorted as the server sorts them. */
    private static void addSorted(List<FieldError> to, List<Refusal> refusals, String root) {
        List<FieldError> named = new ArrayList<>(refusals.size());
        for (Refusal refusal : refusals) {
            named.add(new FieldError(refusal.path().asErrorField(root), "Invalid value", GoText.quote(refusal.pattern()),
                    INVALID + refusal.error()));
        }
        named.sort(Comparator.comparing(FieldError::toString));
        to.addAll(named);
    }

    /** A refused pattern where the walk found it, named once the CRD's form is known. */
    private record Refusal(FieldTrail path, String pattern, String error) {
    }
}
