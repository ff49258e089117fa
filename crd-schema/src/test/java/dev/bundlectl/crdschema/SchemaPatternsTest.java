package dev.bundlectl.crdschema;

import static dev.bundlectl.bundle.testing.TestCrd.WIDGETS;
import static dev.bundlectl.crdschema.SchemaValidatorTest.yaml;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

/** The patterns of a CRD's schemas that the API server refuses, found where its walk finds them. */
class SchemaPatternsTest {

    private static final String LOOKAHEAD = "must be a valid regular expression, but isn't: error parsing regexp: "
            + "invalid or unsupported Perl syntax: `(?!`";

    @Test
    void aLookaheadIsRefusedWithTheServersWordsAndPath() {
        ObjectNode crd = WIDGETS.body("""
                type: object
                properties:
                  spec:
                    type: object
                    properties:
                      size: {type: string, pattern: '^(?!0)[0-9]+(Mi|Gi)$'}
                """);
        assertThat(SchemaPatterns.refusedIn(crd)).extracting(FieldError::toString).containsExactly(
                "spec.validation.openAPIV3Schema.properties[spec].properties[size].pattern: Invalid value: "
                        + "\"^(?!0)[0-9]+(Mi|Gi)$\": " + LOOKAHEAD);
    }

    @Test
    void versionsThatDifferEachHaveTheirOwnPathAndIdenticalOnesShareOne() {
        String twoVersions = """
                apiVersion: apiextensions.k8s.io/v1
                spec:
                  versions:
                  - {name: v1, schema: {openAPIV3Schema: {type: object, pattern: '(?!a)'}}}
                  - {name: v2, schema: {openAPIV3Schema: {type: object, pattern: '(?!a)'}}%s}
                """;
        assertThat(SchemaPatterns.refusedIn(yaml(twoVersions.formatted("")))).extracting(FieldError::field)
                .containsExactly("spec.validation.openAPIV3Schema.pattern");
        assertThat(SchemaPatterns.refusedIn(yaml(twoVersions.formatted(", subresources: {status: {}}"))))
                .extracting(FieldError::field).containsExactly("spec.versions[0].schema.openAPIV3Schema.pattern",
                        "spec.versions[1].schema.openAPIV3Schema.pattern");
    }

    @Test
    void everyPlaceASchemaMayHoldOneIsWalkedAndEachSchemasErrorsAreSortedAsTheServerSortsThem() {
        String crd = """
                apiVersion: apiextensions.k8s.io/v1
                spec:
                  versions:
                  - name: v1
                    schema:
                      openAPIV3Schema:
                        type: object
                        properties:
                          z: {type: string, pattern: '(?!z)'}
                          list: {type: array, items: {type: string, pattern: '(?!i)'}}
                          map: {type: object, additionalProperties: {type: string, pattern: '(?!m)'}}
                          pattern: {type: string, pattern: fine}
                        anyOf:
                        - properties: {z: {pattern: '(?!a)'}}
                        not: {properties: {z: {pattern: '(?!n)'}}}
                  - name: v2
                    schema:
                      openAPIV3Schema:
                        type: object
                        allOf: [{properties: {a: {pattern: '(?!b)'}}}]
                        oneOf: [{}, {properties: {a: {pattern: '(?!o)'}}}]
                """;
        assertThat(SchemaPatterns.refusedIn(yaml(crd))).extracting(FieldError::field).containsExactly(
                "spec.versions[0].schema.openAPIV3Schema.anyOf[0].properties[z].pattern",
                "spec.versions[0].schema.openAPIV3Schema.not.properties[z].pattern",
                "spec.versions[0].schema.openAPIV3Schema.properties[list].items.pattern",
                "spec.versions[0].schema.openAPIV3Schema.properties[map].additionalProperties.pattern",
                "spec.versions[0].schema.openAPIV3Schema.properties[z].pattern",
                "spec.versions[1].schema.openAPIV3Schema.allOf[0].properties[a].pattern",
                "spec.versions[1].schema.openAPIV3Schema.oneOf[1].properties[a].pattern");
    }

    @Test
    void aV1beta1SchemaForAllVersionsHasItsOwnPath() {
        String crd = "spec: {version: v1, validation: {openAPIV3Schema: {type: object, pattern: 'a++'}}}";
        assertThat(SchemaPatterns.refusedIn(yaml(crd))).extracting(FieldError::toString).containsExactly(
                "spec.validation.openAPIV3Schema.pattern: Invalid value: \"a++\": must be a valid regular expression,"
                        + " but isn't: error parsing regexp: invalid nested repetition operator: `++`");
    }

    @Test
    void patternsGoAcceptsAndMalformedSchemasGiveNothing() {
        assertThat(SchemaPatterns.refusedIn(yaml("""
                spec:
                  versions:
                  - {name: v1, schema: {openAPIV3Schema: {type: object, properties: {a: {pattern: '^[a-z]+$'}}}}}
                  - {name: v2, schema: {openAPIV3Schema: {type: object, properties: [], items: 3, pattern: 7}}}
                  - {name: v3}
                """))).isEmpty();
        assertThat(SchemaPatterns.refusedIn(yaml("kind: CustomResourceDefinition"))).isEmpty();
    }
}
