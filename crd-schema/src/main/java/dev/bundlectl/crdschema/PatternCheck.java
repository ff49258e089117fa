package dev.bundlectl.crdschema;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Optional;

/**
 * {@code pattern} for strings: like Go's {@code MatchString}, the pattern may match anywhere unless
 * anchored. A pattern Go refuses has no check here: the API server refuses its CRD
 * ({@link SchemaPatterns}), so no object is ever validated against it.
 */
final class PatternCheck implements Check {

    private final String source;
    private final GoRegex.Compiled pattern;

    private PatternCheck(String source, GoRegex.Compiled pattern) {
        this.source = source;
        this.pattern = pattern;
    }

    static Optional<Check> from(JsonNode schema, SchemaCompiler compiler) {
        return Keywords.text(schema, "pattern")
                .flatMap(source -> compiler.pattern(source).map(compiled -> new PatternCheck(source, compiled)));
    }

    @Override
    public void check(JsonNode value, ValuePath path, List<FieldError> errors) {
        if (value.isTextual() && !pattern.matchesIn(value.textValue())) {
            errors.add(FieldError.invalid(path, GoText.quote(value.textValue()),
                    path + " in body should match '" + source + "'"));
        }
    }
}
