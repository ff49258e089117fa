package dev.bundlectl.crdschema;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Optional;

/** {@code not}: the value must fail the schema. */
final class NotCheck implements Check {

    private final SchemaNode schema;

    private NotCheck(SchemaNode schema) {
        this.schema = schema;
    }

    static Optional<Check> from(JsonNode schema, SchemaCompiler compiler) {
        JsonNode not = schema.get("not");
        return not != null && not.isObject() ? Optional.of(new NotCheck(compiler.compile(not))) : Optional.empty();
    }

    @Override
    public void check(JsonNode value, ValuePath path, List<FieldError> errors) {
        if (schema.problems(value, path).isEmpty()) {
            errors.add(CompositeCheck.failure(path, "must not validate the schema (not)"));
        }
    }
}
