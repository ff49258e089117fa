package dev.bundlectl.crdschema;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

/** {@code format} for strings, for the formats {@link StringFormats} checks; others are ignored. */
final class FormatCheck implements Check {

    private final String format;
    private final Predicate<String> valid;

    private FormatCheck(String format, Predicate<String> valid) {
        this.format = format;
        this.valid = valid;
    }

    static Optional<Check> from(JsonNode schema, SchemaCompiler compiler) {
        return Keywords.text(schema, "format")
                .flatMap(format -> StringFormats.check(format).map(valid -> new FormatCheck(format, valid)));
    }

    @Override
    public void check(JsonNode value, ValuePath path, List<FieldError> errors) {
        if (value.isTextual() && !valid.test(value.textValue())) {
            String quoted = GoText.quote(value.textValue());
            errors.add(FieldError.invalid(path, quoted, path + " in body must be of type " + format + ": " + quoted));
        }
    }
}
