package dev.bundlectl.crdschema;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Optional;

/**
 * {@code type}, and {@code x-kubernetes-int-or-string} (which the API server turns into the
 * type list {@code integer,string}). A whole number written as {@code 3.0} passes as an
 * integer and any integer passes as a number, as with the API server. {@code nullable} is
 * handled by {@link SchemaNode}: a null reaches this check only when it is not allowed.
 */
final class TypeCheck implements Check {

    private final List<String> types;

    private TypeCheck(List<String> types) {
        this.types = types;
    }

    static Optional<Check> from(JsonNode schema, SchemaCompiler compiler) {
        if (Keywords.flag(schema, "x-kubernetes-int-or-string")) {
            return Optional.of(new TypeCheck(List.of("integer", "string")));
        }
        return Keywords.text(schema, "type")
                .filter(type -> List.of("object", "array", "string", "integer", "number", "boolean").contains(type))
                .map(type -> new TypeCheck(List.of(type)));
    }

    @Override
    public void check(JsonNode value, ValuePath path, List<FieldError> errors) {
        String actual = JsonTypes.of(value);
        boolean accepted = types.contains(actual)
                || actual.equals("integer") && types.contains("number")
                || actual.equals("number") && types.contains("integer") && JsonTypes.isWholeNumber(value);
        if (!accepted) {
            errors.add(FieldError.invalid(path, GoText.quote(actual),
                    path + " in body must be of type " + String.join(",", types) + ": " + GoText.quote(actual)));
        }
    }

    @Override
    public boolean checksNull() {
        return true;
    }
}
