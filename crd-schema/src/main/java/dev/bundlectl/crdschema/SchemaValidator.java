package dev.bundlectl.crdschema;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * Validates objects against a CRD version's {@code openAPIV3Schema}, the way the API server
 * validates a custom resource: {@code type} (and {@code nullable},
 * {@code x-kubernetes-int-or-string}), {@code properties}, {@code required}, {@code items},
 * {@code additionalProperties} (a schema), {@code enum}, {@code pattern}, number bounds and
 * {@code multipleOf}, length and item-count bounds, the strictly defined {@code format}s,
 * {@code x-kubernetes-embedded-resource}, and {@code allOf} / {@code anyOf} / {@code oneOf} /
 * {@code not}. Fields the schema does not describe are never an error: the server prunes them.
 * Not checked: CEL rules ({@code x-kubernetes-validations}), list-type uniqueness,
 * {@code minProperties} / {@code maxProperties}, and the metadata of embedded objects.
 *
 * <p>A malformed keyword is ignored rather than fatal, so a schema never makes this throw. The
 * schema is compiled once; an instance is immutable and safe to share between threads.
 */
public final class SchemaValidator {

    private final SchemaNode root;

    private SchemaValidator(SchemaNode root) {
        this.root = root;
    }

    /** A validator for an {@code openAPIV3Schema}; anything but a JSON object accepts everything. */
    public static SchemaValidator of(JsonNode openApiV3Schema) {
        return new SchemaValidator(new SchemaCompiler().compile(openApiV3Schema));
    }

    /** Every problem of {@code object}, in the order the API server would report them; empty when valid. */
    public List<FieldError> validate(JsonNode object) {
        return List.copyOf(root.problems(object, ValuePath.root()));
    }

    /** The same problems as Kubernetes prints them ({@code field path: problem}). */
    public List<String> messages(JsonNode object) {
        return validate(object).stream().map(FieldError::toString).toList();
    }
}
