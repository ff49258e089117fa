package dev.bundlectl.crdschema;

import static dev.bundlectl.bundle.testing.TestCrd.WIDGETS;
import static dev.bundlectl.crdschema.SchemaValidatorTest.yaml;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

/** The schema keys the API server drops from a CRD on create, found where its schema type nests. */
class UndeclaredSchemaKeysTest {

    private static ObjectNode crd(String text) {
        return (ObjectNode) yaml(text);
    }

    @Test
    void anUndeclaredKeyIsDroppedFromACopyAndNamedAsTheServerNamesAnUnknownField() {
        ObjectNode given = WIDGETS.body("""
                type: object
                properties:
                  spec:
                    type: object
                    x-descriptors: [urn:alm:descriptor:com.tectonic.ui:text]
                    properties:
                      size: {type: integer, minimum: 1}
                """);
        JsonNode before = given.deepCopy();

        PrunedCrd pruned = UndeclaredSchemaKeys.pruned(given);

        assertThat(pruned.droppedFields())
                .containsExactly("spec.versions[0].schema.openAPIV3Schema.properties.spec.x-descriptors");
        JsonNode spec = pruned.crd().at("/spec/versions/0/schema/openAPIV3Schema/properties/spec");
        assertThat(spec.has("x-descriptors")).isFalse();
        assertThat(spec.path("properties").path("size")).isEqualTo(yaml("{type: integer, minimum: 1}"));
        assertThat(given).as("the CRD given is never changed").isEqualTo(before);
    }

    @Test
    void aCrdWithOnlyDeclaredKeysIsReturnedAsGiven() {
        ObjectNode given = WIDGETS.body("""
                type: object
                x-kubernetes-preserve-unknown-fields: true
                x-kubernetes-validations: [{rule: "self.a > 0", message: positive, messageExpression: "'x'"}]
                properties:
                  list:
                    type: array
                    x-kubernetes-list-type: map
                    x-kubernetes-list-map-keys: [name]
                    items: {type: object, x-kubernetes-map-type: atomic, x-kubernetes-embedded-resource: true}
                  port: {x-kubernetes-int-or-string: true, nullable: true, externalDocs: {url: u, description: d}}
                """);

        PrunedCrd pruned = UndeclaredSchemaKeys.pruned(given);

        assertThat(pruned.changed()).isFalse();
        assertThat(pruned.crd()).isSameAs(given);
    }

    @Test
    void aPropertyNamedLikeAnUndeclaredKeyIsAPropertyAndKept() {
        ObjectNode given = WIDGETS.body("""
                type: object
                required: [x-descriptors]
                properties:
                  x-descriptors: {type: string}
                  x-openapi-mapping:
                    type: object
                    patternProperties:
                      "^x-.*$": {type: string}
                """);

        assertThat(UndeclaredSchemaKeys.pruned(given).changed()).isFalse();
    }

    @Test
    void theContentOfDefaultExampleAndEnumIsAnyJsonAndKept() {
        ObjectNode given = WIDGETS.body("""
                type: object
                properties:
                  config:
                    type: object
                    x-kubernetes-preserve-unknown-fields: true
                    default: {x-descriptors: [a], x-templates: {b: c}}
                    example: {x-atlas-sdk-version: "1"}
                    enum: [{x-descriptors: d}]
                """);

        assertThat(UndeclaredSchemaKeys.pruned(given).changed()).isFalse();
    }

    @Test
    void everyNestingOfTheSchemaTypeIsWalked() {
        ObjectNode given = crd("""
                apiVersion: apiextensions.k8s.io/v1
                spec:
                  versions:
                  - name: v1
                    schema:
                      openAPIV3Schema:
                        type: object
                        x-root: 1
                        properties:
                          a:
                            type: array
                            items: {type: string, x-in-items: 1}
                          b:
                            type: array
                            items: [{type: string, x-in-item-list: 1}]
                            additionalItems: {type: string, x-in-additional-items: 1}
                          c:
                            type: object
                            additionalProperties: {type: string, x-in-additional-properties: 1}
                          d:
                            type: object
                            additionalProperties: false
                            patternProperties: {"^p": {type: string, x-in-pattern: 1}}
                            dependencies: {e: {x-in-dependency: 1}, f: [g]}
                            definitions: {h: {type: string, x-in-definition: 1}}
                          e:
                            allOf: [{x-in-all-of: 1}]
                            anyOf: [{x-in-any-of: 1}]
                            oneOf: [{x-in-one-of: 1}]
                            not: {x-in-not: 1}
                            externalDocs: {url: u, x-in-docs: 1}
                  - name: v2
                    schema:
                      openAPIV3Schema: {type: object, x-templates: []}
                """);

        PrunedCrd pruned = UndeclaredSchemaKeys.pruned(given);

        String v1 = "spec.versions[0].schema.openAPIV3Schema";
        assertThat(pruned.droppedFields()).containsExactlyInAnyOrder(
                v1 + ".x-root",
                v1 + ".properties.a.items.x-in-items",
                v1 + ".properties.b.items[0].x-in-item-list",
                v1 + ".properties.b.additionalItems.x-in-additional-items",
                v1 + ".properties.c.additionalProperties.x-in-additional-properties",
                v1 + ".properties.d.patternProperties.^p.x-in-pattern",
                v1 + ".properties.d.dependencies.e.x-in-dependency",
                v1 + ".properties.d.definitions.h.x-in-definition",
                v1 + ".properties.e.allOf[0].x-in-all-of",
                v1 + ".properties.e.anyOf[0].x-in-any-of",
                v1 + ".properties.e.oneOf[0].x-in-one-of",
                v1 + ".properties.e.not.x-in-not",
                v1 + ".properties.e.externalDocs.x-in-docs",
                "spec.versions[1].schema.openAPIV3Schema.x-templates");
        assertThat(pruned.crd().toString()).doesNotContain("x-in-", "x-root", "x-templates");
        assertThat(pruned.crd().at("/spec/versions/0/schema/openAPIV3Schema/properties/d/dependencies/f"))
                .isEqualTo(yaml("[g]"));
        assertThat(pruned.crd().at("/spec/versions/0/schema/openAPIV3Schema/properties/d/additionalProperties")
                .booleanValue()).isFalse();
    }

    @Test
    void aV1beta1CrdsSharedValidationSchemaIsWalkedToo() {
        ObjectNode given = crd("""
                apiVersion: apiextensions.k8s.io/v1beta1
                spec:
                  version: v1
                  validation:
                    openAPIV3Schema:
                      type: object
                      properties:
                        spec: {type: object, x-kubernetes-mapping: {a: b}}
                """);

        assertThat(UndeclaredSchemaKeys.pruned(given).droppedFields())
                .containsExactly("spec.validation.openAPIV3Schema.properties.spec.x-kubernetes-mapping");
    }

    @Test
    void keysAreMatchedExactlyAsTheServerDecodesThem() {
        ObjectNode given = crd("""
                apiVersion: apiextensions.k8s.io/v1
                spec:
                  versions:
                  - name: v1
                    schema:
                      openAPIV3Schema: {type: object, Description: capitalised}
                """);

        assertThat(UndeclaredSchemaKeys.pruned(given).droppedFields())
                .containsExactly("spec.versions[0].schema.openAPIV3Schema.Description");
    }
}
