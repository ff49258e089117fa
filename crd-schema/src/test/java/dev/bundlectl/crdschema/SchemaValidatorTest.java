package dev.bundlectl.crdschema;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.UncheckedIOException;
import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The validator, keyword by keyword, with the API server's wording. */
class SchemaValidatorTest {

    private static final YAMLMapper YAML = new YAMLMapper();
    private static final ObjectMapper JSON = new ObjectMapper();

    /** The problems of a JSON value under a YAML schema placed at {@code spec.field}. */
    static List<String> field(String fieldSchemaYaml, String valueJson) {
        String schema = "type: object\nproperties:\n  spec:\n    type: object\n    properties:\n      field:\n"
                + fieldSchemaYaml.indent(8);
        return SchemaValidator.of(yaml(schema)).messages(json("{\"spec\":{\"field\":" + valueJson + "}}"));
    }

    static JsonNode yaml(String text) {
        try {
            return YAML.readTree(text);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    static JsonNode json(String text) {
        try {
            return JSON.readTree(text);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Nested
    class Types {
        @Test
        void aValueOfTheDeclaredTypePasses() {
            assertThat(field("type: string", "\"a\"")).isEmpty();
            assertThat(field("type: boolean", "true")).isEmpty();
            assertThat(field("type: object", "{}")).isEmpty();
            assertThat(field("type: array", "[]")).isEmpty();
        }

        @Test
        void aValueOfAnotherTypeIsNamedWithItsOwnType() {
            assertThat(field("type: integer", "\"3\"")).containsExactly(
                    "spec.field: Invalid value: \"string\": spec.field in body must be of type integer: \"string\"");
            assertThat(field("type: object", "[1]")).containsExactly(
                    "spec.field: Invalid value: \"array\": spec.field in body must be of type object: \"array\"");
        }

        @Test
        void integersAreNumbersAndWholeFloatsAreIntegers() {
            assertThat(field("type: number", "3")).isEmpty();
            assertThat(field("type: integer", "3.0")).isEmpty();
            assertThat(field("type: integer", "3.5")).containsExactly(
                    "spec.field: Invalid value: \"number\": spec.field in body must be of type integer: \"number\"");
        }

        @Test
        void nullFailsUnlessNullable() {
            assertThat(field("type: string", "null")).containsExactly(
                    "spec.field: Invalid value: \"null\": spec.field in body must be of type string: \"null\"");
            assertThat(field("type: string\nnullable: true", "null")).isEmpty();
        }

        @Test
        void aNullableNullSkipsEveryOtherRule() {
            assertThat(field("type: string\nnullable: true\nenum: [a]\nminLength: 3", "null")).isEmpty();
        }

        @Test
        void intOrStringAcceptsBothAndNamesBothWhenNeither() {
            assertThat(field("x-kubernetes-int-or-string: true", "8080")).isEmpty();
            assertThat(field("x-kubernetes-int-or-string: true", "\"http\"")).isEmpty();
            assertThat(field("x-kubernetes-int-or-string: true", "true")).containsExactly(
                    "spec.field: Invalid value: \"boolean\": spec.field in body must be of type integer,string: "
                            + "\"boolean\"");
        }

        @Test
        void anUntypedNodeAcceptsAnything() {
            assertThat(field("x-kubernetes-preserve-unknown-fields: true", "{\"any\":[1,\"x\"]}")).isEmpty();
            assertThat(field("description: untyped", "null")).isEmpty();
        }
    }

    @Nested
    class Objects {
        @Test
        void missingRequiredPropertiesAreEachReported() {
            assertThat(field("type: object\nrequired: [size, name]", "{\"name\":\"x\"}"))
                    .containsExactly("spec.field.size: Required value");
            assertThat(field("type: object\nrequired: [size, name]", "{}"))
                    .containsExactly("spec.field.size: Required value", "spec.field.name: Required value");
        }

        @Test
        void aPresentNullSatisfiesRequired() {
            assertThat(field("type: object\nrequired: [size]", "{\"size\":null}")).isEmpty();
        }

        @Test
        void nestedPropertiesGetTheirFullPath() {
            assertThat(field("type: object\nproperties:\n  inner:\n    type: object\n    properties:\n"
                    + "      port: {type: integer, maximum: 65535}", "{\"inner\":{\"port\":70000}}"))
                    .containsExactly("spec.field.inner.port: Invalid value: 70000: spec.field.inner.port in body "
                            + "should be less than or equal to 65535");
        }

        @Test
        void unknownPropertiesAreNeverAnError() {
            assertThat(field("type: object\nproperties:\n  known: {type: string}", "{\"unknown\":1}")).isEmpty();
            assertThat(field("type: object\nadditionalProperties: false", "{\"unknown\":1}")).isEmpty();
            assertThat(field("type: object\nadditionalProperties: true", "{\"unknown\":1}")).isEmpty();
        }

        @Test
        void additionalPropertiesSchemaAppliesToEveryUndeclaredKey() {
            assertThat(field("type: object\nproperties:\n  fixed: {type: integer}\nadditionalProperties:\n  type: string",
                    "{\"fixed\":1,\"a\":\"x\",\"b\":2}"))
                    .containsExactly("spec.field.b: Invalid value: \"integer\": spec.field.b in body must be of type "
                            + "string: \"integer\"");
        }

        @Test
        void objectRulesIgnoreValuesThatAreNotObjects() {
            assertThat(field("required: [a]\nproperties:\n  a: {type: string}", "\"text\"")).isEmpty();
        }
    }

    @Nested
    class Arrays {
        @Test
        void everyItemIsValidatedWithItsIndex() {
            assertThat(field("type: array\nitems:\n  type: object\n  required: [name]", "[{\"name\":\"a\"},{}]"))
                    .containsExactly("spec.field[1].name: Required value");
        }

        @Test
        void minItems() {
            assertThat(field("type: array\nminItems: 2", "[1]")).containsExactly(
                    "spec.field: Invalid value: 1: spec.field in body should have at least 2 items");
            assertThat(field("type: array\nminItems: 2", "[1,2]")).isEmpty();
        }

        @Test
        void maxItems() {
            assertThat(field("type: array\nmaxItems: 2", "[1,2,3]")).containsExactly(
                    "spec.field: Too many: 3: must have at most 2 items");
            assertThat(field("type: array\nmaxItems: 2", "[1,2]")).isEmpty();
        }
    }

    @Nested
    class Strings {
        @Test
        void maxLengthCountsCharactersNotBytes() {
            assertThat(field("type: string\nmaxLength: 3", "\"abcd\"")).containsExactly(
                    "spec.field: Too long: may not be longer than 3");
            assertThat(field("type: string\nmaxLength: 3", "\"äöü\"")).isEmpty();
        }

        @Test
        void minLength() {
            assertThat(field("type: string\nminLength: 3", "\"ab\"")).containsExactly(
                    "spec.field: Invalid value: \"ab\": spec.field in body should be at least 3 chars long");
        }

        @Test
        void patternMayMatchAnywhereUnlessAnchored() {
            assertThat(field("type: string\npattern: '[0-9]'", "\"abc1\"")).isEmpty();
            assertThat(field("type: string\npattern: '^[a-z]+$'", "\"Abc\"")).containsExactly(
                    "spec.field: Invalid value: \"Abc\": spec.field in body should match '^[a-z]+$'");
        }

        @Test
        void goDollarDoesNotMatchBeforeATrailingNewline() {
            assertThat(field("type: string\npattern: '^[a-z]+$'", "\"abc\\n\"")).containsExactly(
                    "spec.field: Invalid value: \"abc\\n\": spec.field in body should match '^[a-z]+$'");
        }

        @Test
        void aPatternGoRefusesIsNotCheckedHereItsCrdIsRefused() {
            assertThat(field("type: string\npattern: '^(?!0)[0-9]+$'", "\"0\"")).isEmpty();
            assertThat(field("type: string\npattern: '(a)\\1'", "\"ab\"")).isEmpty();
        }

        @Test
        void goSyntaxThatJavaReadsOtherwise() {
            // Go's named groups, and \z; Java's \Z does not exist in Go.
            assertThat(field("type: string\npattern: '^(?P<size>[0-9]+)Mi\\z'", "\"12Mi\"")).isEmpty();
            assertThat(field("type: string\npattern: '^[[:digit:]]+$'", "\"12\"")).isEmpty();
            assertThat(field("type: string\npattern: '^[[:digit:]]+$'", "\"1a\"")).hasSize(1);
        }

        @Test
        @Timeout(60)
        void aPatternThatBacktrackingTakesExponentialTimeOnIsMatchedInLinearTime() {
            // java.util.regex would try 2^40 ways to split the a's before giving up; RE2 does not backtrack.
            assertThat(field("type: string\npattern: '^(a+)+$'", "\"" + "a".repeat(40) + "!\"")).containsExactly(
                    "spec.field: Invalid value: \"" + "a".repeat(40) + "!\": spec.field in body should match '^(a+)+$'");
        }

        @Test
        void stringRulesIgnoreOtherTypesButTheTypeCheckStillFires() {
            assertThat(field("type: string\nmaxLength: 1\npattern: '^a$'", "12")).containsExactly(
                    "spec.field: Invalid value: \"integer\": spec.field in body must be of type string: \"integer\"");
        }
    }

    @Nested
    class Numbers {
        @Test
        void maximumAndMinimumAreInclusiveByDefault() {
            assertThat(field("type: integer\nmaximum: 9\nminimum: 1", "9")).isEmpty();
            assertThat(field("type: integer\nmaximum: 9\nminimum: 1", "1")).isEmpty();
            assertThat(field("type: integer\nmaximum: 9", "12")).containsExactly(
                    "spec.field: Invalid value: 12: spec.field in body should be less than or equal to 9");
            assertThat(field("type: integer\nminimum: 1", "0")).containsExactly(
                    "spec.field: Invalid value: 0: spec.field in body should be greater than or equal to 1");
        }

        @Test
        void exclusiveBoundsRefuseTheBoundItself() {
            assertThat(field("type: number\nmaximum: 9\nexclusiveMaximum: true", "9")).containsExactly(
                    "spec.field: Invalid value: 9: spec.field in body should be less than 9");
            assertThat(field("type: number\nminimum: 0.5\nexclusiveMinimum: true", "0.5")).containsExactly(
                    "spec.field: Invalid value: 0.5: spec.field in body should be greater than 0.5");
        }

        @Test
        void boundsPrintAsGoPrintsAFloat() {
            assertThat(field("type: integer\nmaximum: 1000000", "2000000")).containsExactly(
                    "spec.field: Invalid value: 2000000: spec.field in body should be less than or equal to 1e+06");
        }

        @Test
        void multipleOf() {
            assertThat(field("type: number\nmultipleOf: 0.5", "1.5")).isEmpty();
            assertThat(field("type: integer\nmultipleOf: 5", "12")).containsExactly(
                    "spec.field: Invalid value: 12: spec.field in body should be a multiple of 5");
        }
    }

    @Nested
    class Enums {
        @Test
        void aListedValuePasses() {
            assertThat(field("type: string\nenum: [Always, Never]", "\"Never\"")).isEmpty();
            assertThat(field("type: integer\nenum: [1, 2]", "2.0")).isEmpty();
        }

        @Test
        void anotherValueListsTheSupportedOnes() {
            assertThat(field("type: string\nenum: [Always, Never]", "\"Sometimes\"")).containsExactly(
                    "spec.field: Unsupported value: \"Sometimes\": supported values: \"Always\", \"Never\"");
            assertThat(field("type: integer\nenum: [1, 2]", "3")).containsExactly(
                    "spec.field: Unsupported value: 3: supported values: \"1\", \"2\"");
        }

        @Test
        void aNonNullableNullIsCheckedAgainstTheEnumToo() {
            assertThat(field("enum: [a]", "null")).containsExactly(
                    "spec.field: Unsupported value: null: supported values: \"a\"");
        }
    }

    @Nested
    class Formats {
        @Test
        void aCheckedFormatReportsTheValue() {
            assertThat(field("type: string\nformat: date-time", "\"2024-01-02T03:04:05Z\"")).isEmpty();
            assertThat(field("type: string\nformat: date-time", "\"yesterday\"")).containsExactly(
                    "spec.field: Invalid value: \"yesterday\": spec.field in body must be of type date-time: "
                            + "\"yesterday\"");
        }

        @Test
        void uncheckedAndUnknownFormatsAreIgnored() {
            assertThat(field("type: string\nformat: email", "\"not an address\"")).isEmpty();
            assertThat(field("type: string\nformat: no-such-format", "\"x\"")).isEmpty();
            assertThat(field("type: integer\nformat: int32", "99999999999")).isEmpty();
        }
    }

    @Nested
    class EmbeddedResources {
        private static final String EMBEDDED = "type: object\nx-kubernetes-embedded-resource: true\n"
                + "x-kubernetes-preserve-unknown-fields: true";

        @Test
        void anObjectWithApiVersionAndKindPasses() {
            assertThat(field(EMBEDDED, "{\"apiVersion\":\"apps/v1\",\"kind\":\"Deployment\"}")).isEmpty();
        }

        @Test
        void apiVersionAndKindAreRequired() {
            assertThat(field(EMBEDDED, "{}")).containsExactly(
                    "spec.field.apiVersion: Required value: must not be empty",
                    "spec.field.kind: Required value: must not be empty");
        }

        @Test
        void theyMustBeWellFormedStrings() {
            assertThat(field(EMBEDDED, "{\"apiVersion\":\"a/b/c\",\"kind\":7}")).containsExactly(
                    "spec.field.apiVersion: Invalid value: \"a/b/c\": unexpected GroupVersion string: a/b/c",
                    "spec.field.kind: Invalid value: 7: must be a string");
            assertThat(field(EMBEDDED, "{\"apiVersion\":\"v1\",\"kind\":\"Config_Map\"}")).singleElement()
                    .asString().startsWith("spec.field.kind: Invalid value: \"Config_Map\": may have mixed case, "
                            + "but should otherwise match: a DNS-1035 label");
        }
    }

    @Nested
    class Composition {
        private static final String EITHER = "type: object\nanyOf:\n- required: [a]\n- required: [b]";

        @Test
        void anyOfPassesWhenOneAlternativeDoes() {
            assertThat(field(EITHER, "{\"b\":1}")).isEmpty();
        }

        @Test
        void anyOfFailureNamesTheRuleAndTheClosestMiss() {
            assertThat(field(EITHER, "{}")).containsExactly(
                    "spec.field: Invalid value: \"spec.field\" must validate at least one schema (anyOf)",
                    "spec.field.a: Required value");
        }

        @Test
        void oneOfRefusesNoneAndSeveral() {
            String exactlyOne = "type: object\noneOf:\n- required: [a]\n- required: [b]";
            assertThat(field(exactlyOne, "{\"a\":1}")).isEmpty();
            assertThat(field(exactlyOne, "{\"a\":1,\"b\":2}")).containsExactly(
                    "spec.field: Invalid value: \"spec.field\" must validate one and only one schema (oneOf). "
                            + "Found 2 valid alternatives");
            assertThat(field(exactlyOne, "{}")).containsExactly(
                    "spec.field: Invalid value: \"spec.field\" must validate one and only one schema (oneOf). "
                            + "Found none valid",
                    "spec.field.a: Required value");
        }

        @Test
        void allOfReportsEveryFailureThenTheRule() {
            String both = "type: object\nallOf:\n- required: [a]\n- required: [b]";
            assertThat(field(both, "{\"a\":1,\"b\":2}")).isEmpty();
            assertThat(field(both, "{\"a\":1}")).containsExactly(
                    "spec.field.b: Required value",
                    "spec.field: Invalid value: \"spec.field\" must validate all the schemas (allOf)");
        }

        @Test
        void notRefusesAMatch() {
            String notBoth = "type: object\nnot:\n  required: [a, b]";
            assertThat(field(notBoth, "{\"a\":1}")).isEmpty();
            assertThat(field(notBoth, "{\"a\":1,\"b\":2}")).containsExactly(
                    "spec.field: Invalid value: \"spec.field\" must not validate the schema (not)");
        }

        @Test
        void intOrStringWrittenAsAnyOfWorks() {
            String quantity = "x-kubernetes-int-or-string: true\nanyOf:\n- type: integer\n- type: string\n"
                    + "pattern: '^[0-9]+(m|Mi|Gi)?$'";
            assertThat(field(quantity, "\"512Mi\"")).isEmpty();
            assertThat(field(quantity, "2")).isEmpty();
            assertThat(field(quantity, "\"lots\"")).containsExactly(
                    "spec.field: Invalid value: \"lots\": spec.field in body should match '^[0-9]+(m|Mi|Gi)?$'");
        }
    }

    @Nested
    class Robustness {
        @Test
        void malformedKeywordsAreIgnored() {
            assertThat(field("type: 7\nmaximum: high\nrequired: notalist\nproperties: []\nitems: [{}]\nenum: {}",
                    "\"anything\"")).isEmpty();
        }

        @Test
        void aSchemaThatIsNotAnObjectAcceptsEverything() {
            assertThat(SchemaValidator.of(json("true")).messages(json("{\"a\":1}"))).isEmpty();
        }

        @Test
        void theRootItselfIsNamed() {
            assertThat(SchemaValidator.of(yaml("type: object")).messages(json("[]"))).containsExactly(
                    "<root>: Invalid value: \"array\": <root> in body must be of type object: \"array\"");
        }

        @Test
        void structuredErrorsCarryTheirParts() {
            List<FieldError> errors = SchemaValidator.of(yaml("type: object\nrequired: [spec]")).validate(json("{}"));
            assertThat(errors).containsExactly(new FieldError("spec", "Required value", null, ""));
        }
    }
}
