package dev.bundlectl.plan.config;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.crdschema.FieldError;
import dev.bundlectl.crdschema.SchemaValidator;
import dev.bundlectl.plan.objects.SchemaResource;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * The schema OLM's Subscription CRD gives {@code spec.config}: operator-framework/api's, at commit
 * 3048ccd (Apache-2.0; see {@code NOTICE} beside the resource), without its description texts. It
 * checks a configuration's types, formats and required fields as the API server checks a
 * Subscription ({@code crd-schema}'s {@link SchemaValidator}), and, where the API server would prune
 * a field it does not know, refuses it: a configuration that silently loses a line is a wrong one.
 *
 * <p>Loaded on first use and once per process (a holder class), so plans without a configuration
 * never pay for it.
 */
final class ConfigSchema {

    static final String RESOURCE = "subscription-config-schema.yaml.gz";

    private ConfigSchema() {
    }

    /** The schema itself, for tests. */
    static JsonNode schema() {
        return Holder.SCHEMA;
    }

    /**
     * Every problem of {@code config} against the schema, fields named from the configuration's
     * root ({@code tolerations[0].operator}): unknown fields first, then the validator's.
     */
    static List<FieldError> problems(JsonNode config) {
        List<FieldError> problems = new ArrayList<>();
        unknownFields(config, Holder.SCHEMA, "", problems);
        problems.addAll(Holder.VALIDATOR.validate(config));
        return problems;
    }

    /**
     * Fields the schema does not declare, walked beside it: through {@code properties},
     * {@code items} and {@code additionalProperties}; a schema with neither properties nor
     * additional properties (or one that preserves unknown fields) takes anything.
     */
    private static void unknownFields(JsonNode value, JsonNode schema, String path, List<FieldError> problems) {
        if (value.isArray()) {
            JsonNode items = schema.path("items");
            if (items.isObject()) {
                for (int i = 0; i < value.size(); i++) {
                    unknownFields(value.get(i), items, path + "[" + i + "]", problems);
                }
            }
            return;
        }
        if (!value.isObject() || schema.path("x-kubernetes-preserve-unknown-fields").asBoolean(false)) {
            return;
        }
        JsonNode properties = schema.path("properties");
        JsonNode additional = schema.path("additionalProperties");
        if (!properties.isObject() && !additional.isObject()) {
            return;
        }
        for (Iterator<Map.Entry<String, JsonNode>> fields = value.fields(); fields.hasNext();) {
            Map.Entry<String, JsonNode> field = fields.next();
            JsonNode declared = properties.path(field.getKey());
            if (declared.isObject()) {
                unknownFields(field.getValue(), declared, join(path, field.getKey()), problems);
            } else if (additional.isObject()) {
                unknownFields(field.getValue(), additional, path + "[" + field.getKey() + "]", problems);
            } else {
                problems.add(new FieldError(join(path, field.getKey()), "Unknown field", null,
                        "OLM's SubscriptionConfig has no such field, and nothing is dropped"));
            }
        }
    }

    private static String join(String path, String name) {
        return path.isEmpty() ? name : path + "." + name;
    }

    private static final class Holder {
        static final JsonNode SCHEMA = load();
        static final SchemaValidator VALIDATOR = SchemaValidator.of(SCHEMA);

        private static JsonNode load() {
            return SchemaResource.load(ConfigSchema.class, RESOURCE);
        }
    }
}
