package dev.bundlectl.plan.objects;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.bundle.Manifest;
import dev.bundlectl.bundle.yaml.CompactJsonSize;
import dev.bundlectl.bundle.kinds.GroupKind;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.crdschema.CrdSchemaSurveys;
import dev.bundlectl.crdschema.FieldError;
import dev.bundlectl.crdschema.SchemaPatterns;
import dev.bundlectl.crdschema.SchemaValidator;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.stream.Collectors;

/**
 * Predicts the API server's answer to one object before anything is written: the request size,
 * {@code metadata} ({@link MetadataCheck}), Secret and ConfigMap data ({@link DataMapCheck}), a
 * ClusterServiceVersion against OLM's CRD schema ({@link CsvSchema}), a custom resource against
 * its CRD in the same bundle ({@link CustomResourceSchemas}), a CRD's schema patterns, which must
 * be Go regular expressions ({@link SchemaPatterns}), and the int32 fields of rendered Deployments
 * ({@link Int32Fields}). Problems are worded as the server words them and reported
 * in its order: metadata first, then the kind's own rules.
 */
public final class ObjectChecks {

    /**
     * The API server's limit on a write request's body ({@code MaxRequestBodyBytes}, 3 MiB),
     * answered with 413 before anything else is looked at. etcd's own limit (1.5 MiB by
     * default) is lower but depends on how etcd is configured and on the stored encoding, so it is
     * not predicted.
     */
    static final int MAX_REQUEST_BYTES = 3 * 1024 * 1024;

    private final CustomResourceSchemas customResources;
    private final CrdSchemaSurveys crdSurveys;

    /** Checks that validate custom resources against these CRD schemas. */
    public ObjectChecks(CustomResourceSchemas customResources) {
        this(customResources, new CrdSchemaSurveys());
    }

    /**
     * Checks that validate custom resources against these CRD schemas, and take a CRD's refused
     * patterns from the plan's walk of its schemas, made when its undeclared keys were dropped
     * ({@link dev.bundlectl.plan.prune.UnknownSchemaFields}).
     */
    public ObjectChecks(CustomResourceSchemas customResources, CrdSchemaSurveys crdSurveys) {
        this.customResources = customResources;
        this.crdSurveys = crdSurveys;
    }

    /**
     * The predicted answer for a manifest of the bundle, or one rendered from its CSV.
     *
     * @param manifest the object
     * @param compactJson the object as the compact JSON the step carries, whose size is what the
     *     request's will be; null when the step does not carry it (a plan made for its verdict),
     *     and the size is then worked out from the object
     */
    public ObjectVerdict check(Manifest manifest, String compactJson) {
        OptionalInt tooLarge = compactJson == null ? CompactJsonSize.over(manifest.body(), MAX_REQUEST_BYTES)
                : over(CompactJsonSize.utf8Length(compactJson));
        return check(manifest.group(), manifest.version(), manifest.kind(), manifest.body(), tooLarge);
    }

    ObjectVerdict check(String group, String version, String kind, JsonNode object, int bytes) {
        return check(group, version, kind, object, over(bytes));
    }

    private static OptionalInt over(int bytes) {
        return bytes > MAX_REQUEST_BYTES ? OptionalInt.of(bytes) : OptionalInt.empty();
    }

    private ObjectVerdict check(String group, String version, String kind, JsonNode object, OptionalInt tooLarge) {
        if (tooLarge.isPresent()) {
            int bytes = tooLarge.getAsInt();
            // The server's 413 answer, naming the limit; the object itself is never read.
            return new ObjectVerdict.Rejected("Request entity too large: limit is " + MAX_REQUEST_BYTES
                    + " (this object is " + bytes + " bytes as JSON)");
        }
        List<FieldError> problems = new ArrayList<>(MetadataCheck.problems(group, kind, object));
        if (DataMapCheck.appliesTo(group, kind)) {
            problems.addAll(DataMapCheck.problems(kind, object));
        }
        problems.addAll(Int32Fields.problems(group, kind, object));
        if (isCsv(group, kind)) {
            problems.addAll(schemaProblems(CsvSchema.schema(), CsvSchema.validator(), object));
        } else if (new GroupKind(group, kind).isCrd()) {
            if (object instanceof ObjectNode crd) {
                problems.addAll(crdSurveys.of(crd).refusedPatterns());
            }
        } else {
            customResources.schema(group, version, kind).ifPresent(schema -> problems.addAll(
                    schemaProblems(schema, customResources.validator(group, version, kind).orElseThrow(), object)));
        }
        if (problems.isEmpty()) {
            return ObjectVerdict.ACCEPTED;
        }
        return new ObjectVerdict.Rejected(invalid(group, kind, object.path("metadata").path("name").asText(""), problems));
    }

    private static boolean isCsv(String group, String kind) {
        return GroupKind.CLUSTER_SERVICE_VERSION.equals(new GroupKind(group, kind));
    }

    /** The custom resource's problems after the server's own preparation ({@link ServerPreparation}). */
    private static List<FieldError> schemaProblems(CustomResourceSchemas.CustomResourceSchema schema,
            SchemaValidator validator, JsonNode object) {
        return validator.validate(ServerPreparation.prepare(object, schema.schema(), schema.statusSubresource()));
    }

    /**
     * The server's 422 message: {@code Kind[.group] "name" is invalid: problem}, or the problems
     * in brackets when there are several.
     */
    static String invalid(String group, String kind, String name, List<FieldError> problems) {
        String qualifiedKind = group.isEmpty() ? kind : kind + "." + group;
        String listed = problems.size() == 1 ? problems.get(0).toString()
                : problems.stream().map(FieldError::toString).collect(Collectors.joining(", ", "[", "]"));
        return qualifiedKind + " \"" + name + "\" is invalid: " + listed;
    }
}
