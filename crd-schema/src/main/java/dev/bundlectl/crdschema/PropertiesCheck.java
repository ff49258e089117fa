package dev.bundlectl.crdschema;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code properties} and {@code additionalProperties} (a schema) of an object: each property
 * present is validated against its schema, each other one against the additional schema.
 * Properties the schema does not know are never an error, whatever
 * {@code additionalProperties} or {@code x-kubernetes-preserve-unknown-fields} say: the API
 * server prunes unknown fields rather than refusing the object.
 */
final class PropertiesCheck implements Check {

    private final Map<String, SchemaNode> properties;
    private final SchemaNode additional;

    private PropertiesCheck(Map<String, SchemaNode> properties, SchemaNode additional) {
        this.properties = properties;
        this.additional = additional;
    }

    static Optional<Check> from(JsonNode schema, SchemaCompiler compiler) {
        Map<String, SchemaNode> properties = new LinkedHashMap<>();
        JsonNode declared = schema.get("properties");
        if (declared != null && declared.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> fields = declared.fields(); fields.hasNext();) {
                Map.Entry<String, JsonNode> field = fields.next();
                properties.put(field.getKey(), compiler.compile(field.getValue()));
            }
        }
        JsonNode additionalSchema = schema.get("additionalProperties");
        SchemaNode additional = additionalSchema != null && additionalSchema.isObject()
                ? compiler.compile(additionalSchema)
                : null;
        if (properties.isEmpty() && additional == null) {
            return Optional.empty();
        }
        return Optional.of(new PropertiesCheck(properties, additional));
    }

    @Override
    public void check(JsonNode value, ValuePath path, List<FieldError> errors) {
        if (!value.isObject()) {
            return;
        }
        properties.forEach((name, schema) -> {
            JsonNode property = value.get(name);
            if (property != null) {
                schema.validate(property, path.child(name), errors);
            }
        });
        if (additional != null) {
            for (Iterator<Map.Entry<String, JsonNode>> fields = value.fields(); fields.hasNext();) {
                Map.Entry<String, JsonNode> field = fields.next();
                if (!properties.containsKey(field.getKey())) {
                    additional.validate(field.getValue(), path.child(field.getKey()), errors);
                }
            }
        }
    }
}
