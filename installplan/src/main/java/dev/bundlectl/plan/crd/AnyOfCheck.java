package dev.bundlectl.plan.crd;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Optional;

/** {@code anyOf}: when no schema passes, the composite failure and the closest miss's problems. */
final class AnyOfCheck implements Check {

    private final List<SchemaNode> schemas;

    private AnyOfCheck(List<SchemaNode> schemas) {
        this.schemas = schemas;
    }

    static Optional<Check> from(JsonNode schema, SchemaCompiler compiler) {
        List<SchemaNode> schemas = Alternatives.compile(schema.get("anyOf"), compiler);
        return schemas.isEmpty() ? Optional.empty() : Optional.of(new AnyOfCheck(schemas));
    }

    @Override
    public void check(JsonNode value, FieldPath path, List<FieldError> errors) {
        Alternatives result = Alternatives.weigh(schemas, value, path);
        if (result.valid() == 0) {
            errors.add(FieldError.invalidWithoutValue(path,
                    GoText.quote(path.toString()) + " must validate at least one schema (anyOf)"));
            errors.addAll(result.closestMiss());
        }
    }
}
