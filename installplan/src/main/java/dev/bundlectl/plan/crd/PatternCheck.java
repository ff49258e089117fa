package dev.bundlectl.plan.crd;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/** {@code pattern} for strings: like Go's {@code MatchString}, the pattern may match anywhere unless anchored. */
final class PatternCheck implements Check {

    private final String source;
    private final Pattern pattern;

    private PatternCheck(String source, Pattern pattern) {
        this.source = source;
        this.pattern = pattern;
    }

    static Optional<Check> from(JsonNode schema, SchemaCompiler compiler) {
        return Keywords.text(schema, "pattern")
                .flatMap(source -> compiler.pattern(source).map(compiled -> new PatternCheck(source, compiled)));
    }

    @Override
    public void check(JsonNode value, FieldPath path, List<FieldError> errors) {
        if (value.isTextual() && !pattern.matcher(value.textValue()).find()) {
            errors.add(FieldError.invalid(path, GoText.quote(value.textValue()),
                    path + " in body should match '" + source + "'"));
        }
    }
}
