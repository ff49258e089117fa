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

    // The bounds stay the schema's number nodes until a value is checked: turning them into
    // BigDecimals while compiling made every plan initialise java.math.BigDecimal, which JDK 25
    // takes 10-20 ms to do, for bounds that most objects never reach (bench/README.md).
    private final JsonNode multipleOf;
    private final JsonNode maximum;
    private final boolean exclusiveMaximum;
    private final JsonNode minimum;
    private final boolean exclusiveMinimum;

    private NumberBounds(JsonNode schema) {
        JsonNode factor = number(schema, "multipleOf");
        this.multipleOf = factor != null && isPositive(factor) ? factor : null;
        this.maximum = number(schema, "maximum");
        this.exclusiveMaximum = Keywords.flag(schema, "exclusiveMaximum");
        this.minimum = number(schema, "minimum");
        this.exclusiveMinimum = Keywords.flag(schema, "exclusiveMinimum");
    }

    static Optional<Check> from(JsonNode schema, SchemaCompiler compiler) {
        NumberBounds bounds = new NumberBounds(schema);
        boolean any = bounds.multipleOf != null || bounds.maximum != null || bounds.minimum != null;
        return any ? Optional.of(bounds) : Optional.empty();
    }

    private static JsonNode number(JsonNode schema, String name) {
        JsonNode value = schema.get(name);
        return value != null && value.isNumber() ? value : null;
    }

    private static boolean isPositive(JsonNode number) {
        if (number.isIntegralNumber()) {
            return number.canConvertToLong() ? number.longValue() > 0 : number.bigIntegerValue().signum() > 0;
        }
        return number.isBigDecimal() ? number.decimalValue().signum() > 0 : number.doubleValue() > 0;
    }

    @Override
    public void check(JsonNode value, ValuePath path, List<FieldError> errors) {
        if (!value.isNumber()) {
            return;
        }
        BigDecimal number = value.decimalValue();
        if (multipleOf != null && number.remainder(multipleOf.decimalValue()).signum() != 0) {
            errors.add(invalid(value, path, "should be a multiple of " + GoText.decimal(multipleOf.decimalValue())));
        }
        if (maximum != null) {
            int against = number.compareTo(maximum.decimalValue());
            if (exclusiveMaximum ? against >= 0 : against > 0) {
                errors.add(invalid(value, path, (exclusiveMaximum ? "should be less than " : "should be less than or equal to ")
                        + GoText.decimal(maximum.decimalValue())));
            }
        }
        if (minimum != null) {
            int against = number.compareTo(minimum.decimalValue());
            if (exclusiveMinimum ? against <= 0 : against < 0) {
                errors.add(invalid(value, path, (exclusiveMinimum
                        ? "should be greater than "
                        : "should be greater than or equal to ") + GoText.decimal(minimum.decimalValue())));
            }
        }
    }

    private static FieldError invalid(JsonNode value, ValuePath path, String rule) {
        return FieldError.invalid(path, GoText.number(value), path + " in body " + rule);
    }
}
