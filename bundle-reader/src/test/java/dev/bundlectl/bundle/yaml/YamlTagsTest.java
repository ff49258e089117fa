package dev.bundlectl.bundle.yaml;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.bundle.ReaderLimits;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Only the YAML core schema's tags are read. jackson-dataformat-yaml drops every other tag
 * silently (a {@code !!python/object/apply} becomes a plain list, {@code !!binary} keeps its base64
 * text), so each is an error naming the file, the line and the tag.
 */
class YamlTagsTest {

    private final SafeYamlLoader loader = new SafeYamlLoader(ReaderLimits.defaults());

    static Stream<Arguments> forbidden() {
        return Stream.of(
                Arguments.of("!!python/object/apply:os.system [\"rm -rf /\"]", "!!python/object/apply:os.system"),
                Arguments.of("!!python/name:os.system", "!!python/name:os.system"),
                Arguments.of("!!binary aGVsbG8=", "!!binary"),
                Arguments.of("!!set {a, b}", "!!set"),
                Arguments.of("!!omap [{a: 1}]", "!!omap"),
                Arguments.of("!!pairs [{a: 1}]", "!!pairs"),
                Arguments.of("!!timestamp 2001-12-14t21:59:43.10-05:00", "!!timestamp"),
                Arguments.of("!!merge {a: 1}", "!!merge"),
                Arguments.of("!local 5", "!local"),
                Arguments.of("!<tag:example.com,2000:app/foo> bar", "tag:example.com,2000:app/foo"));
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("forbidden")
    void aTagOutsideTheCoreSchemaIsAnErrorNamingFileLineAndTag(String value, String tag) {
        LoadResult result = loader.parse("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\ndata:\n  key: " + value
                + "\n", "manifests/tagged.yaml", Syntax.YAML);

        assertThat(result.complete()).isFalse();
        assertThat(result.diagnostics().errors()).singleElement().hasToString("error: manifests/tagged.yaml[doc 0]: "
                + "the YAML tag " + tag + " is not supported; only the core schema's tags (!!str, !!int, !!float, "
                + "!!bool, !!null, !!map, !!seq) are (line 6, column 8)");
    }

    @ParameterizedTest
    @ValueSource(strings = {"!!set\n  ? a\n  ? b", "!!python/dict\n  a: 1"})
    void aTaggedBlockCollectionIsRefusedToo(String value) {
        LoadResult result = loader.parse("data: " + value + "\n", "t.yaml", Syntax.YAML);

        assertThat(result.diagnostics().errors()).singleElement().extracting(Object::toString).asString()
                .contains("the YAML tag !!").contains("(line 1, column 7)");
    }

    @ParameterizedTest
    @ValueSource(strings = {"!!python/str key: v", "? !!binary aGVsbG8=\n: v"})
    void aTaggedKeyIsRefused(String mapping) {
        LoadResult result = loader.parse(mapping + "\n", "t.yaml", Syntax.YAML);

        assertThat(result.diagnostics().errors()).singleElement().extracting(Object::toString).asString()
                .contains("the YAML tag !!");
    }

    @ParameterizedTest
    @ValueSource(strings = {"!!python/object:x\n  a: 1\n", "!!seq [1]\n"})
    void aTaggedRootIsRefusedUnlessCore(String document) {
        LoadResult result = loader.parse(document, "t.yaml", Syntax.YAML);

        assertThat(result.diagnostics().errors()).hasSize(document.startsWith("!!seq") ? 0 : 1);
    }

    @org.junit.jupiter.api.Test
    void theCoreSchemaTagsAreRead() {
        LoadResult result = loader.parse("""
                s: !!str 5
                i: !!int "7"
                f: !!float 1.5
                b: !!bool true
                n: !!null ""
                m: !!map {a: 1}
                q: !!seq [1]
                plain: ! 5
                base: &b {x: 1}
                merged:
                  !!merge <<: *b
                """, "t.yaml", Syntax.YAML);

        assertThat(result.diagnostics().all()).isEmpty();
        JsonNode root = result.documents().get(0).root();
        assertThat(root.path("s").textValue()).isEqualTo("5");
        assertThat(root.path("m").path("a").asInt()).isEqualTo(1);
        assertThat(root.path("merged").path("x").asInt()).isEqualTo(1);
    }
}
