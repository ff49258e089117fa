package dev.bundlectl.plan.convert;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.bundlectl.crdschema.FieldError;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What a v1 CRD schema may not say, worded as the API server words it. */
class StructuralSchemaCheckTest {

    private static final YAMLMapper YAML = new YAMLMapper();

    private static List<String> problems(String schema) throws Exception {
        JsonNode node = YAML.readTree(schema);
        return StructuralSchemaCheck.problems(node, "s").stream().map(FieldError::toString).toList();
    }

    @Test
    void aStructuralSchemaHasNoProblems() throws Exception {
        assertThat(problems("""
                type: object
                properties:
                  spec:
                    type: object
                    properties:
                      port: {x-kubernetes-int-or-string: true, anyOf: [{type: integer}, {type: string}]}
                      tags: {type: array, items: {type: string}}
                      labels: {type: object, additionalProperties: {type: string}}
                      raw: {x-kubernetes-preserve-unknown-fields: true}
                    anyOf: [{required: [port]}, {required: [tags]}]
                """)).isEmpty();
    }

    @Test
    void everyFieldNeedsATypeAtItsLevel() throws Exception {
        assertThat(problems("""
                properties:
                  spec: {properties: {list: {type: array, items: {minimum: 1}}}}
                """)).containsExactly(
                "s.type: Required value: must not be empty at the root",
                "s.properties[spec].type: Required value: must not be empty for specified object fields",
                "s.properties[spec].properties[list].items.type: Required value: must not be empty for specified array items");
    }

    @Test
    void theRootIsAnObjectAndAnArrayHasItems() throws Exception {
        assertThat(problems("{type: array}")).containsExactly(
                "s.type: Invalid value: \"array\": must be object at the root",
                "s.items: Required value: must be specified");
    }

    @Test
    void unsupportedKeywordsAreForbidden() throws Exception {
        assertThat(problems("""
                type: object
                properties:
                  a: {$ref: "#/definitions/x", type: string}
                  b: {type: array, items: [{type: string}], uniqueItems: true}
                  c: {type: object, properties: {x: {type: string}}, additionalProperties: {type: string}}
                  d: {type: object, additionalProperties: false}
                  e: {type: "null"}
                """)).containsExactly(
                "s.properties[a].$ref: Forbidden: $ref is not supported",
                "s.properties[b].items: Forbidden: items must be a schema object and not an array",
                "s.properties[b].uniqueItems: Forbidden: uniqueItems cannot be set to true since the runtime complexity"
                        + " becomes quadratic",
                "s.properties[c].additionalProperties: Forbidden: additionalProperties and properties are mutual exclusive",
                "s.properties[d].additionalProperties: Forbidden: additionalProperties cannot be set to false",
                "s.properties[e].type: Forbidden: type cannot be set to null, use nullable as an alternative");
    }

    @Test
    void junctorBranchesOnlyAddValueChecks() throws Exception {
        assertThat(problems("""
                type: object
                properties:
                  a: {type: string}
                oneOf:
                - {type: object, properties: {a: {description: x}}}
                - properties: {b: {pattern: "^x"}}
                """)).containsExactly(
                "s.oneOf[0].type: Forbidden: must be empty to be structural",
                "s.oneOf[0].properties[a].description: Forbidden: must be empty to be structural",
                "s.oneOf[1].properties[b]: Required value: must be specified in the schema around it to be structural");
    }

    @Test
    void theIntOrStringIdiomIsAcceptedOnlyIntegerFirst() throws Exception {
        assertThat(problems("""
                type: object
                properties:
                  port: {x-kubernetes-int-or-string: true, anyOf: [{type: string}, {type: integer}]}
                """)).containsExactly(
                "s.properties[port].anyOf[0].type: Forbidden: must be empty to be structural",
                "s.properties[port].anyOf[1].type: Forbidden: must be empty to be structural");
    }
}
