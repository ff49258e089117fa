package dev.bundlectl.plan.convert;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.crdschema.FieldError;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The rules an {@code apiextensions.k8s.io/v1} CRD's {@code openAPIV3Schema} must follow that a
 * v1beta1 CRD could break: the schema must be <em>structural</em> (every specified field has a
 * {@code type}, unless it is {@code x-kubernetes-int-or-string} or
 * {@code x-kubernetes-preserve-unknown-fields}; the root is an object; an array has
 * {@code items}; {@code allOf}, {@code anyOf}, {@code oneOf} and {@code not} only add value
 * checks, and name no field the schema itself does not), and the JSON-Schema keywords Kubernetes
 * never supported are absent. Each problem is worded as the API server words it. Not checked:
 * defaults, CEL rules and the metadata of embedded objects, none of which v1beta1 CRDs of the
 * corpus use; the real-server corpus test is the final judge.
 */
public final class StructuralSchemaCheck {

    private static final List<String> UNSUPPORTED = List.of("id", "$schema", "$ref", "definitions",
            "dependencies", "additionalItems", "patternProperties");
    /** What a branch of {@code allOf}, {@code anyOf}, {@code oneOf} or {@code not} may not say. */
    private static final List<String> NOT_IN_JUNCTORS = List.of("type", "nullable", "default", "description",
            "title", "x-kubernetes-preserve-unknown-fields", "x-kubernetes-embedded-resource",
            "x-kubernetes-int-or-string", "x-kubernetes-list-type", "x-kubernetes-list-map-keys",
            "x-kubernetes-map-type");
    private static final Set<String> JUNCTORS = Set.of("allOf", "anyOf", "oneOf");

    private enum Level {
        ROOT("must not be empty at the root"),
        FIELD("must not be empty for specified object fields"),
        ITEM("must not be empty for specified array items");

        private final String missingType;

        Level(String missingType) {
            this.missingType = missingType;
        }
    }

    private StructuralSchemaCheck() {
    }

    /**
     * Every problem of {@code schema}, in document order.
     *
     * @param schema an {@code openAPIV3Schema}
     * @param path its field path, e.g. {@code spec.versions[0].schema.openAPIV3Schema}
     */
    public static List<FieldError> problems(JsonNode schema, String path) {
        List<FieldError> problems = new ArrayList<>();
        check(schema, path, Level.ROOT, problems);
        return problems;
    }

    private static void check(JsonNode node, String path, Level level, List<FieldError> problems) {
        if (!(node instanceof ObjectNode schema)) {
            return;
        }
        keywordRules(schema, path, problems);
        String type = schema.path("type").asText("");
        boolean intOrString = flag(schema, "x-kubernetes-int-or-string");
        boolean preserve = flag(schema, "x-kubernetes-preserve-unknown-fields");
        boolean embedded = flag(schema, "x-kubernetes-embedded-resource");
        if (embedded && !"object".equals(type)) {
            problems.add(type.isEmpty() ? required(path + ".type", "must be object if x-kubernetes-embedded-resource is true")
                    : invalid(path + ".type", quote(type), "must be object if x-kubernetes-embedded-resource is true"));
        } else if (type.isEmpty() && !intOrString && !preserve) {
            problems.add(required(path + ".type", level.missingType));
        }
        if (level == Level.ROOT && !type.isEmpty() && !"object".equals(type)) {
            problems.add(invalid(path + ".type", quote(type), "must be object at the root"));
        }
        if ("array".equals(type) && !schema.has("items")) {
            problems.add(required(path + ".items", "must be specified"));
        }
        JsonNode properties = schema.path("properties");
        for (Iterator<Map.Entry<String, JsonNode>> fields = properties.fields(); fields.hasNext();) {
            Map.Entry<String, JsonNode> field = fields.next();
            check(field.getValue(), path + ".properties[" + field.getKey() + "]", Level.FIELD, problems);
        }
        if (schema.get("items") instanceof ObjectNode items) {
            check(items, path + ".items", Level.ITEM, problems);
        }
        if (schema.get("additionalProperties") instanceof ObjectNode additional) {
            check(additional, path + ".additionalProperties", Level.FIELD, problems);
        }
        for (String junctor : JUNCTORS) {
            JsonNode branches = schema.path(junctor);
            for (int i = 0; i < branches.size(); i++) {
                String allowedType = intOrString && "anyOf".equals(junctor) ? intOrStringType(branches, i) : null;
                checkBranch(branches.get(i), schema, path + "." + junctor + "[" + i + "]", allowedType, problems);
            }
        }
        if (schema.has("not")) {
            checkBranch(schema.get("not"), schema, path + ".not", null, problems);
        }
    }

    /**
     * The type the API server lets branch {@code i} of an int-or-string field's {@code anyOf} say:
     * only the exact idiom {@code [{type: integer}, {type: string}]}, in that order.
     */
    private static String intOrStringType(JsonNode anyOf, int i) {
        return anyOf.size() == 2 ? (i == 0 ? "integer" : "string") : null;
    }

    /** Rules that hold wherever a schema node appears, inside a junctor or not. */
    private static void keywordRules(ObjectNode schema, String path, List<FieldError> problems) {
        for (String unsupported : UNSUPPORTED) {
            if (schema.has(unsupported)) {
                problems.add(forbidden(path + "." + unsupported, unsupported + " is not supported"));
            }
        }
        if ("null".equals(schema.path("type").asText())) {
            problems.add(forbidden(path + ".type", "type cannot be set to null, use nullable as an alternative"));
        }
        if (schema.path("items").isArray()) {
            problems.add(forbidden(path + ".items", "items must be a schema object and not an array"));
        }
        if (flag(schema, "uniqueItems")) {
            problems.add(forbidden(path + ".uniqueItems",
                    "uniqueItems cannot be set to true since the runtime complexity becomes quadratic"));
        }
        JsonNode additional = schema.get("additionalProperties");
        if (additional != null && schema.has("properties")) {
            problems.add(forbidden(path + ".additionalProperties",
                    "additionalProperties and properties are mutual exclusive"));
        } else if (additional != null && additional.isBoolean() && !additional.booleanValue()) {
            problems.add(forbidden(path + ".additionalProperties", "additionalProperties cannot be set to false"));
        }
        JsonNode preserve = schema.get("x-kubernetes-preserve-unknown-fields");
        if (preserve != null && !(preserve.isBoolean() && preserve.booleanValue())) {
            problems.add(invalid(path + ".x-kubernetes-preserve-unknown-fields", preserve.toString(),
                    "must be true or undefined"));
        }
    }

    /**
     * A branch of a junctor only adds value checks: it may not give types, defaults or
     * descriptions, and every field it names must be specified by the schema around it. The
     * int-or-string idiom ({@code anyOf: [{type: integer}, {type: string}]}, in that order) is the
     * exception.
     */
    private static void checkBranch(JsonNode branch, JsonNode outer, String path, String allowedType,
            List<FieldError> problems) {
        if (!(branch instanceof ObjectNode node)) {
            return;
        }
        keywordRules(node, path, problems);
        for (String keyword : NOT_IN_JUNCTORS) {
            boolean allowed = "type".equals(keyword) && node.path("type").asText("").equals(allowedType);
            if (node.has(keyword) && !allowed) {
                problems.add(forbidden(path + "." + keyword, "must be empty to be structural"));
            }
        }
        for (Iterator<Map.Entry<String, JsonNode>> fields = node.path("properties").fields(); fields.hasNext();) {
            Map.Entry<String, JsonNode> field = fields.next();
            JsonNode specified = outer.path("properties").get(field.getKey());
            String fieldPath = path + ".properties[" + field.getKey() + "]";
            if (specified != null) {
                checkBranch(field.getValue(), specified, fieldPath, null, problems);
            } else if (!flag(outer, "x-kubernetes-preserve-unknown-fields")) {
                problems.add(required(fieldPath, "must be specified in the schema around it to be structural"));
            }
        }
        if (node.has("items")) {
            checkBranch(node.get("items"), outer.path("items"), path + ".items", null, problems);
        }
        for (String junctor : JUNCTORS) {
            JsonNode branches = node.path(junctor);
            for (int i = 0; i < branches.size(); i++) {
                checkBranch(branches.get(i), outer, path + "." + junctor + "[" + i + "]", null, problems);
            }
        }
        if (node.has("not")) {
            checkBranch(node.get("not"), outer, path + ".not", null, problems);
        }
    }

    private static boolean flag(JsonNode schema, String keyword) {
        JsonNode value = schema.get(keyword);
        return value != null && value.isBoolean() && value.booleanValue();
    }

    private static String quote(String text) {
        return "\"" + text + "\"";
    }

    private static FieldError required(String path, String detail) {
        return new FieldError(path, "Required value", null, detail);
    }

    private static FieldError forbidden(String path, String detail) {
        return new FieldError(path, "Forbidden", null, detail);
    }

    private static FieldError invalid(String path, String value, String detail) {
        return new FieldError(path, "Invalid value", value, detail);
    }
}
