package dev.bundlectl.crdschema;

import static dev.bundlectl.bundle.testing.TestCrd.WIDGETS;
import static dev.bundlectl.crdschema.SchemaValidatorTest.yaml;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * One walk over a CRD's schemas answers both questions: which keys the server drops (and the CRD
 * it keeps), and which patterns it refuses, each named as the server names it.
 */
class CrdSchemaWalkTest {

    private static final String REFUSED = ": must be a valid regular expression, but isn't: error parsing regexp: ";
    private static final String LOOKAHEAD = "invalid or unsupported Perl syntax: `(?!`";
    private static final String SCHEMA = """
            type: object
            properties:
              list:
                type: array
                items: {type: string, pattern: '(?!i)', x-descriptors: [a]}
              map:
                type: object
                additionalProperties: {type: string, pattern: 'a++', x-in-map: 1}
                patternProperties:
                  "^p": {type: string, pattern: '(?!p)', x-in-pattern: 1}
              both:
                allOf:
                - {pattern: '(?!b)', x-in-all-of: 1}
                - {pattern: '^fine$'}
            """;
    /** The same without the undeclared keys: what the server keeps. */
    private static final String KEPT_SCHEMA = SCHEMA.replaceAll(", x-[a-z-]+: (1|\\[a\\])", "");

    @Test
    void oneWalkFindsTheUndeclaredKeysAndTheRefusedPatternsNestedInItemsAdditionalPropertiesAndAllOf() {
        ObjectNode given = WIDGETS.body(SCHEMA);
        JsonNode before = given.deepCopy();

        CrdSchemaSurvey survey = CrdSchemaSurvey.of(given);

        String own = "spec.versions[0].schema.openAPIV3Schema.properties.";
        assertThat(survey.pruned().droppedFields()).containsExactly(
                own + "list.items.x-descriptors",
                own + "map.patternProperties.^p.x-in-pattern",
                own + "map.additionalProperties.x-in-map",
                own + "both.allOf[0].x-in-all-of");
        // One version: the server keeps its schema once, as spec.validation, and sorts the errors by their text.
        // It does not look for patterns beneath patternProperties.
        String kept = "spec.validation.openAPIV3Schema.properties";
        assertThat(survey.refusedPatterns()).extracting(FieldError::toString).containsExactly(
                kept + "[both].allOf[0].pattern: Invalid value: \"(?!b)\"" + REFUSED + LOOKAHEAD,
                kept + "[list].items.pattern: Invalid value: \"(?!i)\"" + REFUSED + LOOKAHEAD,
                kept + "[map].additionalProperties.pattern: Invalid value: \"a++\"" + REFUSED
                        + "invalid nested repetition operator: `++`");
        assertThat(survey.pruned().crd()).isEqualTo(WIDGETS.body(KEPT_SCHEMA));
        assertThat(given).as("the CRD given is never changed").isEqualTo(before);
    }

    @Test
    void eachAnswerIsTheOneItsOwnCallerGave() {
        ObjectNode given = WIDGETS.body(SCHEMA);

        CrdSchemaSurvey survey = CrdSchemaSurvey.of(given);

        assertThat(UndeclaredSchemaKeys.pruned(given)).isEqualTo(survey.pruned());
        assertThat(SchemaPatterns.refusedIn(given)).isEqualTo(survey.refusedPatterns());
    }

    @Test
    void patternsAreNamedAfterTheCrdAsKeptWhoseVersionsMayShareOneSchema() {
        ObjectNode given = (ObjectNode) yaml("""
                apiVersion: apiextensions.k8s.io/v1
                spec:
                  versions:
                  - {name: v1, schema: {openAPIV3Schema: {type: object, pattern: '(?!a)', x-old: 1}}}
                  - {name: v2, schema: {openAPIV3Schema: {type: object, pattern: '(?!a)'}}}
                """);

        CrdSchemaSurvey survey = CrdSchemaSurvey.of(given);

        assertThat(survey.pruned().droppedFields()).containsExactly("spec.versions[0].schema.openAPIV3Schema.x-old");
        // Once the server has dropped x-old, both versions are the same: one schema, one error.
        assertThat(survey.refusedPatterns()).extracting(FieldError::field)
                .containsExactly("spec.validation.openAPIV3Schema.pattern");
    }

    @Test
    void aPlansSurveysWalkEachCrdOnceAndKnowTheCrdAsKeptToo() {
        CrdSchemaSurveys surveys = new CrdSchemaSurveys();
        ObjectNode given = WIDGETS.body(SCHEMA);

        CrdSchemaSurvey first = surveys.of(given);
        CrdSchemaSurvey ofKept = surveys.of(first.pruned().crd());

        assertThat(surveys.of(given)).isSameAs(first);
        assertThat(ofKept.pruned().changed()).isFalse();
        assertThat(ofKept.pruned().crd()).isSameAs(first.pruned().crd());
        assertThat(ofKept.refusedPatterns()).isEqualTo(first.refusedPatterns());
        assertThat(ofKept).isEqualTo(CrdSchemaSurvey.of(first.pruned().crd()));
        assertThat(surveys.of(WIDGETS.body(SCHEMA))).as("another tree is walked anew").isNotSameAs(first)
                .isEqualTo(first);
    }

    @Test
    void everySchemaNodeOfTheGivenTreeIsReadOnce() throws JsonProcessingException {
        Map<JsonNode, List<String>> reads = new IdentityHashMap<>();
        YAMLMapper counting = new YAMLMapper();
        counting.setNodeFactory(new ReadRecordingFactory(reads));
        // Nothing to drop, so no copy (a copy reads every node once more, as Jackson's deepCopy did).
        ObjectNode given = (ObjectNode) counting.readTree(WIDGETS.yaml(KEPT_SCHEMA));
        String root = "/spec/versions/0/schema/openAPIV3Schema";
        List<JsonNode> schemaNodes = Stream.of("", "/properties/list", "/properties/list/items", "/properties/map",
                "/properties/map/additionalProperties", "/properties/map/patternProperties/^p", "/properties/both",
                "/properties/both/allOf/0", "/properties/both/allOf/1").map(at -> given.at(root + at)).toList();
        reads.clear();

        CrdSchemaSurvey survey = CrdSchemaSurvey.of(given);

        // Two walks would each list every schema node's keys, or look up its items, allOf, ... twice.
        assertThat(survey.pruned().changed()).isFalse();
        assertThat(survey.refusedPatterns()).hasSize(3);
        assertThat(schemaNodes).allSatisfy(node -> assertThat(reads.get(node)).isNotEmpty().doesNotHaveDuplicates());
    }

    /** Makes object nodes that record each read of their fields: listed, or looked up by name. */
    private static final class ReadRecordingFactory extends JsonNodeFactory {

        private final transient Map<JsonNode, List<String>> reads;

        ReadRecordingFactory(Map<JsonNode, List<String>> reads) {
            this.reads = reads;
        }

        @Override
        public ObjectNode objectNode() {
            return new ObjectNode(this) {
                private void read(String what) {
                    reads.computeIfAbsent(this, node -> new ArrayList<>()).add(what);
                }

                @Override
                public Iterator<Map.Entry<String, JsonNode>> fields() {
                    read("fields");
                    return super.fields();
                }

                @Override
                public Iterator<String> fieldNames() {
                    read("fieldNames");
                    return super.fieldNames();
                }

                @Override
                public JsonNode get(String field) {
                    read("get " + field);
                    return super.get(field);
                }

                @Override
                public JsonNode path(String field) {
                    read("path " + field);
                    return super.path(field);
                }
            };
        }
    }
}
