package dev.bundlectl.crdschema;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * {@code minItems}, {@code maxItems} and {@code items} (a single schema for every element) of
 * an array.
 */
final class ItemsCheck implements Check {

    private final OptionalLong minItems;
    private final OptionalLong maxItems;
    private final SchemaNode items;

    private ItemsCheck(OptionalLong minItems, OptionalLong maxItems, SchemaNode items) {
        this.minItems = minItems;
        this.maxItems = maxItems;
        this.items = items;
    }

    static Optional<Check> from(JsonNode schema, SchemaCompiler compiler) {
        OptionalLong min = Keywords.count(schema, "minItems");
        OptionalLong max = Keywords.count(schema, "maxItems");
        JsonNode itemSchema = schema.get("items");
        SchemaNode items = itemSchema != null && itemSchema.isObject() ? compiler.compile(itemSchema) : null;
        if (min.isEmpty() && max.isEmpty() && items == null) {
            return Optional.empty();
        }
        return Optional.of(new ItemsCheck(min, max, items));
    }

    @Override
    public void check(JsonNode value, ValuePath path, List<FieldError> errors) {
        if (!value.isArray()) {
            return;
        }
        int size = value.size();
        if (minItems.isPresent() && size < minItems.getAsLong()) {
            errors.add(FieldError.invalid(path, Integer.toString(size),
                    path + " in body should have at least " + minItems.getAsLong() + " items"));
        }
        if (maxItems.isPresent() && size > maxItems.getAsLong()) {
            errors.add(FieldError.tooMany(path, size, maxItems.getAsLong()));
        }
        if (items != null) {
            for (int i = 0; i < size; i++) {
                items.validate(value.get(i), path.index(i), errors);
            }
        }
    }
}
