package dev.bundlectl.crdschema;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Optional;

/**
 * {@code allOf}, {@code anyOf} and {@code oneOf}: the value is weighed against each schema of
 * the list, and a verdict per keyword turns the tally into problems, worded as the API server's
 * validator words them.
 */
final class CompositeCheck implements Check {

    /** What a tally means for one keyword. */
    @FunctionalInterface
    private interface Verdict {
        void judge(Alternatives tally, int schemas, ValuePath path, List<FieldError> errors);
    }

    private final List<SchemaNode> schemas;
    private final Verdict verdict;

    private CompositeCheck(List<SchemaNode> schemas, Verdict verdict) {
        this.schemas = schemas;
        this.verdict = verdict;
    }

    /** {@code allOf}: every problem of every schema, then the composite failure itself. */
    static Optional<Check> allOf(JsonNode schema, SchemaCompiler compiler) {
        return of(schema.get("allOf"), compiler, (tally, schemas, path, errors) -> {
            if (tally.valid() < schemas) {
                errors.addAll(tally.all());
                errors.add(failure(path, "must validate all the schemas (allOf)"
                        + (tally.valid() == 0 ? ". None validated" : "")));
            }
        });
    }

    /** {@code anyOf}: when no schema passes, the composite failure and the closest miss's problems. */
    static Optional<Check> anyOf(JsonNode schema, SchemaCompiler compiler) {
        return of(schema.get("anyOf"), compiler, (tally, schemas, path, errors) -> {
            if (tally.valid() == 0) {
                errors.add(failure(path, "must validate at least one schema (anyOf)"));
                errors.addAll(tally.closestMiss());
            }
        });
    }

    /**
     * {@code oneOf}: exactly one schema must pass. None: the composite failure and the closest
     * miss's problems; several: the composite failure with their number.
     */
    static Optional<Check> oneOf(JsonNode schema, SchemaCompiler compiler) {
        return of(schema.get("oneOf"), compiler, (tally, schemas, path, errors) -> {
            if (tally.valid() == 1) {
                return;
            }
            String found = tally.valid() == 0 ? "Found none valid" : "Found " + tally.valid() + " valid alternatives";
            errors.add(failure(path, "must validate one and only one schema (oneOf). " + found));
            if (tally.valid() == 0) {
                errors.addAll(tally.closestMiss());
            }
        });
    }

    /** A composite failure: about the value as a whole, so no value is printed. */
    static FieldError failure(ValuePath path, String rule) {
        return FieldError.invalidWithoutValue(path, GoText.quote(path.toString()) + " " + rule);
    }

    private static Optional<Check> of(JsonNode list, SchemaCompiler compiler, Verdict verdict) {
        List<SchemaNode> schemas = Alternatives.compile(list, compiler);
        return schemas.isEmpty() ? Optional.empty() : Optional.of(new CompositeCheck(schemas, verdict));
    }

    @Override
    public void check(JsonNode value, ValuePath path, List<FieldError> errors) {
        verdict.judge(Alternatives.weigh(schemas, value, path), schemas.size(), path, errors);
    }
}
