package dev.bundlectl.crdschema;

import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * One validation problem, worded as the Kubernetes API server words a field error, e.g.
 * {@code spec.size: Invalid value: 12: spec.size in body should be less than or equal to 9}.
 *
 * @param field the field path, e.g. {@code spec.ports[0].port}; {@code <root>} for the object
 * @param type the error type as Kubernetes prints it ({@code Required value}, {@code Invalid
 *     value}, {@code Unsupported value}, {@code Too long}, {@code Too many})
 * @param value the offending value as Go prints it, or null when Kubernetes leaves it out
 * @param detail what is wrong, or empty
 */
public record FieldError(String field, String type, String value, String detail) {

    public FieldError {
        Objects.requireNonNull(field, "field");
        Objects.requireNonNull(type, "type");
        detail = detail == null ? "" : detail;
    }

    static FieldError required(ValuePath path) {
        return new FieldError(path.toString(), "Required value", null, "");
    }

    /** A value that breaks a rule; {@code value} is already printed. */
    static FieldError invalid(ValuePath path, String value, String detail) {
        return new FieldError(path.toString(), "Invalid value", value, detail);
    }

    /** A rule about the value as a whole, such as a failed {@code anyOf}: no value printed. */
    static FieldError invalidWithoutValue(ValuePath path, String detail) {
        return new FieldError(path.toString(), "Invalid value", null, detail);
    }

    static FieldError notSupported(ValuePath path, String value, List<String> allowed) {
        return new FieldError(path.toString(), "Unsupported value", value,
                "supported values: " + allowed.stream().map(GoText::quote).collect(Collectors.joining(", ")));
    }

    static FieldError tooLong(ValuePath path, long maxLength) {
        return new FieldError(path.toString(), "Too long", null, "may not be longer than " + maxLength);
    }

    static FieldError tooMany(ValuePath path, long actual, long max) {
        return new FieldError(path.toString(), "Too many", Long.toString(actual), "must have at most " + max + " items");
    }

    /** {@code field: type[: value][: detail]}, as {@code field.Error.Error()} prints it. */
    @Override
    public String toString() {
        StringBuilder text = new StringBuilder(field).append(": ").append(type);
        if (value != null) {
            text.append(": ").append(value);
        }
        if (!detail.isEmpty()) {
            text.append(": ").append(detail);
        }
        return text.toString();
    }
}
