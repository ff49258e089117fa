package dev.bundlectl.plan.crd;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Optional;

/**
 * {@code oneOf}: exactly one schema must pass. None: the composite failure and the closest
 * miss's problems; several: the composite failure with their number.
 */
final class OneOfCheck implements Check {

    private final List<SchemaNode> schemas;

    private OneOfCheck(List<SchemaNode> schemas) {
        this.schemas = schemas;
    }

    static Optional<Check> from(JsonNode schema, SchemaCompiler compiler) {
        List<SchemaNode> schemas = Alternatives.compile(schema.get("oneOf"), compiler);
        return schemas.isEmpty() ? Optional.empty() : Optional.of(new OneOfCheck(schemas));
    }

    @Override
    public void check(JsonNode value, FieldPath path, List<FieldError> errors) {
        Alternatives result = Alternatives.weigh(schemas, value, path);
        if (result.valid() == 1) {
            return;
        }
        String found = result.valid() == 0 ? "Found none valid" : "Found " + result.valid() + " valid alternatives";
        errors.add(FieldError.invalidWithoutValue(path,
                GoText.quote(path.toString()) + " must validate one and only one schema (oneOf). " + found));
        if (result.valid() == 0) {
            errors.addAll(result.closestMiss());
        }
    }
}
