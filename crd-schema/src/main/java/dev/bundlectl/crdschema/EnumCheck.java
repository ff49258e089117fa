package dev.bundlectl.crdschema;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@code enum}: the value must equal one of the listed values. Numbers compare by value
 * ({@code 1} equals {@code 1.0}), as they do once Go has decoded both.
 */
final class EnumCheck implements Check {

    private final List<JsonNode> allowed;
    private final List<String> printed;

    private EnumCheck(List<JsonNode> allowed) {
        this.allowed = allowed;
        this.printed = new ArrayList<>();
        // The server lists strings as they are and any other value as JSON.
        allowed.forEach(value -> printed.add(value.isTextual() ? value.textValue() : value.toString()));
    }

    static Optional<Check> from(JsonNode schema, SchemaCompiler compiler) {
        JsonNode values = schema.get("enum");
        if (values == null || !values.isArray() || values.isEmpty()) {
            return Optional.empty();
        }
        List<JsonNode> allowed = new ArrayList<>();
        values.forEach(allowed::add);
        return Optional.of(new EnumCheck(allowed));
    }

    @Override
    public void check(JsonNode value, ValuePath path, List<FieldError> errors) {
        for (JsonNode candidate : allowed) {
            if (JsonEquality.equal(candidate, value)) {
                return;
            }
        }
        errors.add(FieldError.notSupported(path, GoText.value(value), printed));
    }

    @Override
    public boolean checksNull() {
        return true;
    }
}
