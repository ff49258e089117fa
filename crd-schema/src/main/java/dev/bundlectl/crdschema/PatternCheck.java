package dev.bundlectl.crdschema;

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

    /** Character reads one match may make: linear work many times over, far from exponential. */
    private static final long READS_PER_CHARACTER = 10_000;
    private static final long MINIMUM_READS = 1_000_000;

    @Override
    public void check(JsonNode value, ValuePath path, List<FieldError> errors) {
        if (value.isTextual() && !matches(value.textValue())) {
            errors.add(FieldError.invalid(path, GoText.quote(value.textValue()),
                    path + " in body should match '" + source + "'"));
        }
    }

    /**
     * Whether the text matches. A match that exceeds its work budget counts as a match: the API
     * server (linear RE2) would have decided it, and wrongly refusing an update is worse than
     * missing one pattern problem in an existing resource.
     */
    private boolean matches(String text) {
        long budget = Math.max(MINIMUM_READS, READS_PER_CHARACTER * text.length());
        try {
            return pattern.matcher(new BoundedText(text, budget)).find();
        } catch (BoundedText.BudgetExceeded e) {
            return true;
        }
    }
}
