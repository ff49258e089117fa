package dev.bundlectl.plan.crd;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Optional;

/** {@code allOf}: every problem of every schema, then the composite failure itself. */
final class AllOfCheck implements Check {

    private final List<SchemaNode> schemas;

    private AllOfCheck(List<SchemaNode> schemas) {
        this.schemas = schemas;
    }

    static Optional<Check> from(JsonNode schema, SchemaCompiler compiler) {
        List<SchemaNode> schemas = Alternatives.compile(schema.get("allOf"), compiler);
        return schemas.isEmpty() ? Optional.empty() : Optional.of(new AllOfCheck(schemas));
    }

    @Override
    public void check(JsonNode value, FieldPath path, List<FieldError> errors) {
        Alternatives result = Alternatives.weigh(schemas, value, path);
        if (result.valid() < schemas.size()) {
            errors.addAll(result.all());
            errors.add(FieldError.invalidWithoutValue(path, GoText.quote(path.toString())
                    + " must validate all the schemas (allOf)" + (result.valid() == 0 ? ". None validated" : "")));
        }
    }
}
