package dev.bundlectl.crdschema;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.util.List;
import java.util.Optional;

/**
 * {@code multipleOf}, {@code maximum} / {@code exclusiveMaximum} and {@code minimum} /
 * {@code exclusiveMinimum} (booleans, as in OpenAPI v3.0), for numbers.
 */
final class NumberBounds implements Check {

    private final BigDecimal multipleOf;
    private final BigDecimal maximum;
    private final boolean exclusiveMaximum;
    private final BigDecimal minimum;
    private final boolean exclusiveMinimum;

    private NumberBounds(JsonNode schema) {
        this.multipleOf = Keywords.number(schema, "multipleOf").filter(factor -> factor.signum() > 0).orElse(null);
        this.maximum = Keywords.number(schema, "maximum").orElse(null);
        this.exclusiveMaximum = Keywords.flag(schema, "exclusiveMaximum");
        this.minimum = Keywords.number(schema, "minimum").orElse(null);
        this.exclusiveMinimum = Keywords.flag(schema, "exclusiveMinimum");
    }

    static Optional<Check> from(JsonNode schema, SchemaCompiler compiler) {
        NumberBounds bounds = new NumberBounds(schema);
        boolean any = bounds.multipleOf != null || bounds.maximum != null || bounds.minimum != null;
        return any ? Optional.of(bounds) : Optional.empty();
    }

    @Override
    public void check(JsonNode value, ValuePath path, List<FieldError> errors) {
        if (!value.isNumber()) {
            return;
        }
        BigDecimal number = value.decimalValue();
        if (multipleOf != null && number.remainder(multipleOf).signum() != 0) {
            errors.add(invalid(value, path, "should be a multiple of " + GoText.decimal(multipleOf)));
        }
        if (maximum != null) {
            int against = number.compareTo(maximum);
            if (exclusiveMaximum ? against >= 0 : against > 0) {
                errors.add(invalid(value, path, (exclusiveMaximum ? "should be less than " : "should be less than or equal to ")
                        + GoText.decimal(maximum)));
            }
        }
        if (minimum != null) {
            int against = number.compareTo(minimum);
            if (exclusiveMinimum ? against <= 0 : against < 0) {
                errors.add(invalid(value, path, (exclusiveMinimum
                        ? "should be greater than "
                        : "should be greater than or equal to ") + GoText.decimal(minimum)));
            }
        }
    }

    private static FieldError invalid(JsonNode value, ValuePath path, String rule) {
        return FieldError.invalid(path, GoText.number(value), path + " in body " + rule);
    }
}
