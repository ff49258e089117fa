package dev.bundlectl.crdschema;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** {@code required}: each listed property must be present in an object (a null counts as present). */
final class RequiredCheck implements Check {

    private final List<String> names;

    private RequiredCheck(List<String> names) {
        this.names = names;
    }

    static Optional<Check> from(JsonNode schema, SchemaCompiler compiler) {
        JsonNode required = schema.get("required");
        if (required == null || !required.isArray()) {
            return Optional.empty();
        }
        List<String> names = new ArrayList<>();
        required.forEach(name -> {
            if (name.isTextual()) {
                names.add(name.textValue());
            }
        });
        return names.isEmpty() ? Optional.empty() : Optional.of(new RequiredCheck(List.copyOf(names)));
    }

    @Override
    public void check(JsonNode value, ValuePath path, List<FieldError> errors) {
        if (!value.isObject()) {
            return;
        }
        for (String name : names) {
            if (!value.has(name)) {
                errors.add(FieldError.required(path.child(name)));
            }
        }
    }
}
