package dev.bundlectl.crdschema;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/** {@code maxLength} and {@code minLength} for strings, counted in characters (code points) as Go counts runes. */
final class LengthBounds implements Check {

    private final OptionalLong maxLength;
    private final OptionalLong minLength;

    private LengthBounds(OptionalLong maxLength, OptionalLong minLength) {
        this.maxLength = maxLength;
        this.minLength = minLength;
    }

    static Optional<Check> from(JsonNode schema, SchemaCompiler compiler) {
        OptionalLong max = Keywords.count(schema, "maxLength");
        OptionalLong min = Keywords.count(schema, "minLength");
        return max.isPresent() || min.isPresent() ? Optional.of(new LengthBounds(max, min)) : Optional.empty();
    }

    @Override
    public void check(JsonNode value, ValuePath path, List<FieldError> errors) {
        if (!value.isTextual()) {
            return;
        }
        String text = value.textValue();
        long length = text.codePointCount(0, text.length());
        if (maxLength.isPresent() && length > maxLength.getAsLong()) {
            errors.add(FieldError.tooLong(path, maxLength.getAsLong()));
        }
        if (minLength.isPresent() && length < minLength.getAsLong()) {
            errors.add(FieldError.invalid(path, GoText.quote(text),
                    path + " in body should be at least " + minLength.getAsLong() + " chars long"));
        }
    }
}
