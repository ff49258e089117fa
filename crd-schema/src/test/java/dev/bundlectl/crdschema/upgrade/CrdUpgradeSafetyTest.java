package dev.bundlectl.crdschema.upgrade;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.UncheckedIOException;
import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class CrdUpgradeSafetyTest {

    private static final YAMLMapper YAML = new YAMLMapper();

    /** The properties of {@code .spec} every comparison starts from. */
    private static final String SPEC = """
            size: {type: integer, minimum: 1, maximum: 9}
            memory: {type: string, pattern: '^[0-9]+(Mi|Gi)$', description: how much}
            tier: {type: string, enum: [bronze, silver, gold], default: bronze}
            nodes:
              type: array
              maxItems: 5
              items:
                type: object
                properties:
                  name: {type: string, maxLength: 63}
                  zone: {type: string}
            labels:
              type: object
              additionalProperties: {type: string}
            """;

    static JsonNode yaml(String text) {
        try {
            return YAML.readTree(text);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A v1 CRD with one version, v1alpha1, whose {@code .spec} has these properties (YAML, indented as {@link #SPEC}). */
    static JsonNode crd(String specProperties) {
        return crd("Namespaced", specProperties, "");
    }

    static JsonNode crd(String scope, String specProperties, String specExtra) {
        JsonNode crd = yaml("""
                apiVersion: apiextensions.k8s.io/v1
                kind: CustomResourceDefinition
                metadata: {name: caches.cache.bundlectl.dev}
                spec:
                  group: cache.bundlectl.dev
                  names: {kind: Cache, plural: caches}
                  versions:
                  - name: v1alpha1
                    served: true
                    storage: true
                    schema:
                      openAPIV3Schema:
                        type: object
                        properties:
                          spec:
                            type: object
                            required: [size]
                """);
        ((com.fasterxml.jackson.databind.node.ObjectNode) crd.path("spec")).put("scope", scope);
        com.fasterxml.jackson.databind.node.ObjectNode spec = (com.fasterxml.jackson.databind.node.ObjectNode)
                crd.at("/spec/versions/0/schema/openAPIV3Schema/properties/spec");
        if (!specExtra.isBlank()) {
            spec.setAll((com.fasterxml.jackson.databind.node.ObjectNode) yaml(specExtra));
        }
        spec.set("properties", yaml(specProperties));
        return crd;
    }

    private static List<String> described(JsonNode old, JsonNode updated) {
        return CrdUpgradeSafety.findings(old, updated).stream().map(UpgradeFinding::describe).toList();
    }

    @Test
    void theSameCrdBreaksNothing() {
        assertThat(CrdUpgradeSafety.findings(crd(SPEC), crd(SPEC))).isEmpty();
    }

    @Test
    void anOptionalFieldAddedAndADescriptionChangedBreakNothing() {
        String updated = SPEC.replace("description: how much", "description: how much memory, in Mi or Gi")
                + "backup: {type: boolean, description: new}\n";

        assertThat(CrdUpgradeSafety.findings(crd(SPEC), crd(updated))).isEmpty();
    }

    @Test
    void documentationKeysAndUndeclaredKeysBreakNothing() {
        String updated = SPEC.replace("size: {type: integer,", "size: {type: integer, title: Size, example: 3, "
                + "externalDocs: {url: 'https://example.com'}, x-descriptors: [a],");

        assertThat(CrdUpgradeSafety.findings(crd(SPEC), crd(updated))).isEmpty();
    }

    @Nested
    class Fields {

        @Test
        void aRemovedFieldIsNamedOnceWithWhatItNested() {
            String updated = SPEC.replace("""
                    nodes:
                      type: array
                      maxItems: 5
                      items:
                        type: object
                        properties:
                          name: {type: string, maxLength: 63}
                          zone: {type: string}
                    """, "").replace("memory: {type: string, pattern: '^[0-9]+(Mi|Gi)$', description: how much}\n", "");

            assertThat(described(crd(SPEC), crd(updated))).containsExactly(
                    "caches.cache.bundlectl.dev v1alpha1 .spec.memory: existingFieldRemoval: removed (was a field of "
                            + "type string)",
                    "caches.cache.bundlectl.dev v1alpha1 .spec.nodes: existingFieldRemoval: removed (was a field of "
                            + "type array)");
        }

        @Test
        void aFieldOfAListsItemsIsNamedThroughTheItems() {
            String updated = SPEC.replace("      zone: {type: string}\n", "");

            assertThat(described(crd(SPEC), crd(updated))).containsExactly(
                    "caches.cache.bundlectl.dev v1alpha1 .spec.nodes[*].zone: existingFieldRemoval: removed (was a "
                            + "field of type string)");
        }

        @Test
        void aTypeChange() {
            String updated = SPEC.replace("size: {type: integer,", "size: {type: number,");

            assertThat(described(crd(SPEC), crd(updated))).containsExactly(
                    "caches.cache.bundlectl.dev v1alpha1 .spec.size: type: changed (was \"integer\", now \"number\")");
        }

        @Test
        void aMapsValuesAreComparedAtTheirOwnPath() {
            String updated = SPEC.replace("additionalProperties: {type: string}", "additionalProperties: {type: integer}");

            assertThat(described(crd(SPEC), crd(updated))).containsExactly(
                    "caches.cache.bundlectl.dev v1alpha1 .spec.labels.*: type: changed (was \"string\", now "
                            + "\"integer\")");
        }

        @Test
        void aFieldMadeRequired() {
            JsonNode updated = crd("Namespaced", SPEC, "");
            ((com.fasterxml.jackson.databind.node.ArrayNode) updated.at("/spec/versions/0/schema/openAPIV3Schema/"
                    + "properties/spec/required")).add("tier").add("memory");

            assertThat(described(crd(SPEC), updated)).containsExactly(
                    "caches.cache.bundlectl.dev v1alpha1 .spec: required: added: tier, memory (was [\"size\"], now "
                            + "[\"size\",\"tier\",\"memory\"])");
        }

        @Test
        void aRequiredFieldMadeOptionalBreaksNothing() {
            JsonNode updated = crd(SPEC);
            ((com.fasterxml.jackson.databind.node.ArrayNode) updated.at("/spec/versions/0/schema/openAPIV3Schema/"
                    + "properties/spec/required")).removeAll();

            assertThat(CrdUpgradeSafety.findings(crd(SPEC), updated)).isEmpty();
        }

        @Test
        void oddPropertyNamesAreQuoted() {
            String old = SPEC + "\"app.kubernetes.io/name\": {type: string}\n";

            assertThat(described(crd(old), crd(SPEC))).containsExactly(
                    "caches.cache.bundlectl.dev v1alpha1 .spec[\"app.kubernetes.io/name\"]: existingFieldRemoval: "
                            + "removed (was a field of type string)");
        }
    }

    @Nested
    class Values {

        @Test
        void aDefaultAddedRemovedOrChanged() {
            String changed = SPEC.replace("default: bronze", "default: silver");
            String removed = SPEC.replace(", default: bronze", "");
            String added = SPEC.replace("size: {type: integer,", "size: {type: integer, default: 1,");

            assertThat(described(crd(SPEC), crd(changed))).containsExactly(
                    "caches.cache.bundlectl.dev v1alpha1 .spec.tier: default: changed (was \"bronze\", now \"silver\")");
            assertThat(described(crd(SPEC), crd(removed))).containsExactly(
                    "caches.cache.bundlectl.dev v1alpha1 .spec.tier: default: removed (was \"bronze\")");
            assertThat(described(crd(SPEC), crd(added))).containsExactly(
                    "caches.cache.bundlectl.dev v1alpha1 .spec.size: default: added (now 1)");
        }

        @Test
        void aDefaultWrittenDifferentlyIsTheSameDefault() {
            String old = SPEC + "limits: {type: object, default: {cpu: 1, memory: 2.0}}\n";
            String updated = SPEC + "limits: {type: object, default: {memory: 2, cpu: 1.0}}\n";

            assertThat(CrdUpgradeSafety.findings(crd(old), crd(updated))).isEmpty();
        }

        @Test
        void anEnumNarrowedOrAddedButNotWidened() {
            String narrowed = SPEC.replace("enum: [bronze, silver, gold]", "enum: [bronze, silver]");
            String widened = SPEC.replace("enum: [bronze, silver, gold]", "enum: [bronze, silver, gold, platinum]");
            String added = SPEC.replace("memory: {type: string,", "memory: {type: string, enum: [1Gi, 2Gi],");
            String dropped = SPEC.replace("enum: [bronze, silver, gold], ", "");

            assertThat(described(crd(SPEC), crd(narrowed))).containsExactly(
                    "caches.cache.bundlectl.dev v1alpha1 .spec.tier: enum: values removed: \"gold\" (was "
                            + "[\"bronze\",\"silver\",\"gold\"], now [\"bronze\",\"silver\"])");
            assertThat(described(crd(SPEC), crd(added))).containsExactly(
                    "caches.cache.bundlectl.dev v1alpha1 .spec.memory: enum: added (now [\"1Gi\",\"2Gi\"])");
            assertThat(CrdUpgradeSafety.findings(crd(SPEC), crd(widened))).isEmpty();
            assertThat(CrdUpgradeSafety.findings(crd(SPEC), crd(dropped))).isEmpty();
        }

        @Test
        void aPatternAddedRemovedOrChanged() {
            String changed = SPEC.replace("'^[0-9]+(Mi|Gi)$'", "'^[0-9]+Gi$'");
            String removed = SPEC.replace(", pattern: '^[0-9]+(Mi|Gi)$'", "");

            assertThat(described(crd(SPEC), crd(changed))).containsExactly(
                    "caches.cache.bundlectl.dev v1alpha1 .spec.memory: pattern: changed (was \"^[0-9]+(Mi|Gi)$\", now "
                            + "\"^[0-9]+Gi$\")");
            assertThat(described(crd(SPEC), crd(removed))).containsExactly(
                    "caches.cache.bundlectl.dev v1alpha1 .spec.memory: pattern: removed (was \"^[0-9]+(Mi|Gi)$\")");
            assertThat(described(crd(removed), crd(SPEC))).containsExactly(
                    "caches.cache.bundlectl.dev v1alpha1 .spec.memory: pattern: added (now \"^[0-9]+(Mi|Gi)$\")");
        }

        @Test
        void nullableAddedOrRemoved() {
            String nullable = SPEC.replace("memory: {type: string,", "memory: {type: string, nullable: true,");

            assertThat(described(crd(SPEC), crd(nullable))).containsExactly(
                    "caches.cache.bundlectl.dev v1alpha1 .spec.memory: nullable: added (was false, now true)");
            assertThat(described(crd(nullable), crd(SPEC))).containsExactly(
                    "caches.cache.bundlectl.dev v1alpha1 .spec.memory: nullable: removed (was true, now false)");
        }

        @Test
        void aOneOfAddedOrChanged() {
            String added = SPEC + "backup:\n  type: object\n  oneOf: [{required: [s3]}, {required: [gcs]}]\n";
            String none = SPEC + "backup: {type: object}\n";
            String narrowed = SPEC + "backup:\n  type: object\n  oneOf: [{required: [s3]}]\n";

            assertThat(described(crd(none), crd(added))).containsExactly(
                    "caches.cache.bundlectl.dev v1alpha1 .spec.backup: oneOf: added (now [{\"required\":[\"s3\"]},"
                            + "{\"required\":[\"gcs\"]}])");
            assertThat(described(crd(added), crd(narrowed))).containsExactly(
                    "caches.cache.bundlectl.dev v1alpha1 .spec.backup: oneOf: 1 member(s) removed (was "
                            + "[{\"required\":[\"s3\"]},{\"required\":[\"gcs\"]}], now [{\"required\":[\"s3\"]}])");
        }

        @Test
        void anyOtherChangeIsUnhandledNamingTheKey() {
            String updated = SPEC.replace("memory: {type: string,", "memory: {type: string, format: quantity,")
                    .replace("type: array\n", "type: array\n  x-kubernetes-list-type: atomic\n");

            assertThat(described(crd(SPEC), crd(updated))).containsExactly(
                    "caches.cache.bundlectl.dev v1alpha1 .spec.memory: unhandled: format added (now \"quantity\")",
                    "caches.cache.bundlectl.dev v1alpha1 .spec.nodes: unhandled: x-kubernetes-list-type added (now "
                            + "\"atomic\")");
        }

        @Test
        void aLongValueIsCutInTheLineButKeptWhole() {
            String rule = "self.size <= 9 && " + "x".repeat(200);
            String updated = SPEC.replace("size: {type: integer,", "size: {type: integer, x-kubernetes-validations: "
                    + "[{rule: '" + rule + "'}],");

            UpgradeFinding finding = CrdUpgradeSafety.findings(crd(SPEC), crd(updated)).get(0);

            assertThat(finding.newValue()).contains(rule);
            assertThat(finding.describe()).endsWith("…)").hasSizeLessThan(300);
        }
    }

    @Nested
    class Bounds {

        @Test
        void aBoundTightenedOrAddedButNotLoosened() {
            String tightened = SPEC.replace("minimum: 1, maximum: 9", "minimum: 2, maximum: 5")
                    .replace("maxLength: 63", "maxLength: 40").replace("maxItems: 5", "maxItems: 3");
            String loosened = SPEC.replace("minimum: 1, maximum: 9", "minimum: 0, maximum: 10")
                    .replace("maxLength: 63", "maxLength: 253");
            String added = SPEC.replace("zone: {type: string}", "zone: {type: string, minLength: 1}")
                    .replace("additionalProperties: {type: string}", "maxProperties: 10\n  minProperties: 1\n  "
                            + "additionalProperties: {type: string, maxLength: 63}");

            assertThat(described(crd(SPEC), crd(tightened))).containsExactly(
                    "caches.cache.bundlectl.dev v1alpha1 .spec.size: maximum: lowered (was 9, now 5)",
                    "caches.cache.bundlectl.dev v1alpha1 .spec.size: minimum: raised (was 1, now 2)",
                    "caches.cache.bundlectl.dev v1alpha1 .spec.nodes: maxItems: lowered (was 5, now 3)",
                    "caches.cache.bundlectl.dev v1alpha1 .spec.nodes[*].name: maxLength: lowered (was 63, now 40)");
            assertThat(CrdUpgradeSafety.findings(crd(SPEC), crd(loosened))).isEmpty();
            assertThat(described(crd(SPEC), crd(added))).containsExactly(
                    "caches.cache.bundlectl.dev v1alpha1 .spec.nodes[*].zone: minLength: added (now 1)",
                    "caches.cache.bundlectl.dev v1alpha1 .spec.labels: maxProperties: added (now 10)",
                    "caches.cache.bundlectl.dev v1alpha1 .spec.labels: minProperties: added (now 1)",
                    "caches.cache.bundlectl.dev v1alpha1 .spec.labels.*: maxLength: added (now 63)");
        }

        @Test
        void boundsCompareByValue() {
            String updated = SPEC.replace("minimum: 1, maximum: 9", "minimum: 1.0, maximum: 9.5");

            assertThat(CrdUpgradeSafety.findings(crd(SPEC), crd(updated))).isEmpty();
            assertThat(described(crd(updated), crd(SPEC))).containsExactly(
                    "caches.cache.bundlectl.dev v1alpha1 .spec.size: maximum: lowered (was 9.5, now 9)");
        }
    }

    @Nested
    class WholeCrd {

        @Test
        void aScopeChange() {
            assertThat(described(crd(SPEC), crd("Cluster", SPEC, ""))).containsExactly(
                    "caches.cache.bundlectl.dev: scope: changed (was Namespaced, now Cluster)");
        }

        @Test
        void aStoredVersionGoneFromTheLiveStatus() {
            JsonNode live = crd(SPEC);
            ((com.fasterxml.jackson.databind.node.ObjectNode) live).set("status",
                    yaml("storedVersions: [v1alpha0, v1alpha1]"));

            assertThat(described(live, crd(SPEC))).containsExactly(
                    "caches.cache.bundlectl.dev v1alpha0: storedVersionRemoval: objects are stored in this version, "
                            + "which is no longer in spec.versions");
        }

        @Test
        void withoutAStatusTheStorageVersionStandsForTheStoredOnes() {
            JsonNode old = crd(SPEC);
            JsonNode updated = crd(SPEC);
            ((com.fasterxml.jackson.databind.node.ObjectNode) updated.at("/spec/versions/0")).put("name", "v1beta1");

            assertThat(described(old, updated)).containsExactly(
                    "caches.cache.bundlectl.dev v1alpha1: storedVersionRemoval: objects are stored in this version, "
                            + "which is no longer in spec.versions");
        }

        @Test
        void versionsAreComparedByName() {
            JsonNode old = yaml("""
                    metadata: {name: caches.cache.bundlectl.dev}
                    spec:
                      scope: Namespaced
                      versions:
                      - name: v1alpha1
                        served: true
                        storage: false
                        schema: {openAPIV3Schema: {type: object, properties: {a: {type: string}}}}
                      - name: v1
                        served: true
                        storage: true
                        schema: {openAPIV3Schema: {type: object, properties: {b: {type: string}}}}
                    """);
            // v1 keeps b; v1alpha1 (served no more) lost a; v2 is new and compared with nothing.
            JsonNode updated = yaml("""
                    metadata: {name: caches.cache.bundlectl.dev}
                    spec:
                      scope: Namespaced
                      versions:
                      - name: v1alpha1
                        served: false
                        storage: false
                        schema: {openAPIV3Schema: {type: object}}
                      - name: v1
                        served: true
                        storage: true
                        schema: {openAPIV3Schema: {type: object, properties: {b: {type: string}}}}
                      - name: v2
                        served: true
                        storage: false
                        schema: {openAPIV3Schema: {type: object}}
                    """);

            assertThat(described(old, updated)).containsExactly(
                    "caches.cache.bundlectl.dev v1alpha1 .a: existingFieldRemoval: removed (was a field of type "
                            + "string)");
        }

        @Test
        void aV1beta1CrdsSharedSchemaCountsForEachOfItsVersions() {
            JsonNode old = yaml("""
                    apiVersion: apiextensions.k8s.io/v1beta1
                    metadata: {name: caches.cache.bundlectl.dev}
                    spec:
                      validation: {openAPIV3Schema: {type: object, properties: {a: {type: string}}}}
                      versions:
                      - {name: v1beta1, served: true, storage: true}
                    """);
            JsonNode updated = yaml("""
                    apiVersion: apiextensions.k8s.io/v1
                    metadata: {name: caches.cache.bundlectl.dev}
                    spec:
                      scope: Namespaced
                      versions:
                      - name: v1beta1
                        served: true
                        storage: true
                        schema: {openAPIV3Schema: {type: object, properties: {a: {type: integer}}}}
                    """);

            assertThat(described(old, updated)).containsExactly(
                    "caches.cache.bundlectl.dev v1beta1 .a: type: changed (was \"string\", now \"integer\")");
        }
    }

    @Nested
    class Shapes {

        @Test
        void anInternerMakesEqualCrdsOneShape() {
            ShapeInterner interner = new ShapeInterner();

            CrdShape first = CrdShape.of(crd(SPEC), interner);
            CrdShape again = CrdShape.of(crd(SPEC.replace("how much", "other words")), interner);

            assertThat(again).isSameAs(first);
            assertThat(CrdUpgradeSafety.findings(first, again)).isEmpty();
        }

        @Test
        void shapesAnswerAsTheCrdsDo() {
            String narrowed = SPEC.replace("enum: [bronze, silver, gold]", "enum: [bronze, silver]");
            ShapeInterner interner = new ShapeInterner();

            assertThat(CrdUpgradeSafety.findings(CrdShape.of(crd(SPEC), interner), CrdShape.of(crd(narrowed), interner)))
                    .isEqualTo(CrdUpgradeSafety.findings(crd(SPEC), crd(narrowed)));
        }
    }
}
