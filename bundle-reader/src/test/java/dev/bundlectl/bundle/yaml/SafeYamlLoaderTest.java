package dev.bundlectl.bundle.yaml;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.bundlectl.bundle.Diagnostic;
import dev.bundlectl.bundle.ReaderLimits;
import dev.bundlectl.bundle.Severity;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SafeYamlLoaderTest {

    @TempDir
    Path dir;

    private final SafeYamlLoader loader = new SafeYamlLoader(ReaderLimits.defaults());

    private LoadResult load(String name, String content) throws IOException {
        Path file = dir.resolve(name);
        Files.writeString(file, content);
        return loader.load(file, "manifests/" + name);
    }

    private static JsonNode only(LoadResult result) {
        assertThat(result.diagnostics().all()).isEmpty();
        assertThat(result.documents()).hasSize(1);
        return result.documents().get(0).root();
    }

    @Test
    void multiDocumentFilesKeepTheirDocumentIndexAndSkipEmptyDocuments() throws IOException {
        LoadResult result = load("multi.yaml", """
                ---
                kind: A
                ---
                ---
                # only a comment
                ---
                kind: B
                ---
                """);

        assertThat(result.diagnostics().all()).isEmpty();
        assertThat(result.documents()).extracting(d -> d.location().documentIndex()).containsExactly(0, 3);
        assertThat(result.documents()).extracting(d -> d.root().path("kind").asText()).containsExactly("A", "B");
        assertThat(result.documents().get(1).location()).hasToString("manifests/multi.yaml[doc 3]");
    }

    @Test
    void aliasesAreExpandedIntoCopiesNotLeftAsTheAnchorName() throws IOException {
        JsonNode root = only(load("alias.yaml", """
                base: &labels {app: demo, tier: web}
                copy: *labels
                list: [&n 5, *n]
                """));

        assertThat(root.path("copy").path("app").asText()).isEqualTo("demo");
        assertThat(root.path("copy")).isEqualTo(root.path("base")).isNotSameAs(root.path("base"));
        assertThat(root.path("list").get(1).asInt()).isEqualTo(5);
    }

    @Test
    void mergeKeysMergeMappingsAndExplicitKeysWin() throws IOException {
        JsonNode root = only(load("merge.yaml", """
                a: &a {x: 1, y: 1}
                b: &b {y: 2, z: 2}
                single:
                  <<: *a
                  x: 10
                listed:
                  <<: [*b, *a]
                tagged:
                  !!merge <<: *a
                  w: 0
                """));

        assertThat(root.path("single").path("x").asInt()).isEqualTo(10);
        assertThat(root.path("single").path("y").asInt()).isEqualTo(1);
        assertThat(root.path("single").has("<<")).isFalse();
        // In a list of merged mappings, the first one that has a key wins.
        assertThat(root.path("listed").path("y").asInt()).isEqualTo(2);
        assertThat(root.path("listed").path("x").asInt()).isEqualTo(1);
        assertThat(root.path("listed").path("z").asInt()).isEqualTo(2);
        assertThat(root.path("tagged").path("x").asInt()).isEqualTo(1);
        assertThat(root.path("tagged").path("w").asInt()).isZero();
    }

    @Test
    void aMergeKeyThatIsNotAMappingIsAnError() throws IOException {
        LoadResult result = load("badmerge.yaml", "a:\n  <<: 5\n");

        assertThat(result.documents()).isEmpty();
        assertThat(result.diagnostics().errors()).singleElement().satisfies(e -> {
            assertThat(e.location()).hasToString("manifests/badmerge.yaml[doc 0]");
            assertThat(e.message()).contains("merge key '<<' at a[\"<<\"]").contains("line 2");
        });
    }

    @Test
    void anAliasWithoutAnAnchorIsAnError() throws IOException {
        LoadResult result = load("dangling.yaml", "a: 1\nb: *missing\n");

        assertThat(result.diagnostics().errors()).singleElement()
                .extracting(Diagnostic::message).asString()
                .contains("*missing refers to no anchor").contains("line 2, column 4");
    }

    @Test
    void duplicateKeysWarnWithFileDocumentObjectAndPathAndTheLastValueWins() throws IOException {
        LoadResult result = load("dup.yaml", """
                kind: ConfigMap
                metadata:
                  name: cm
                  labels:
                    app: first
                    app: second
                """);

        assertThat(result.documents()).hasSize(1);
        assertThat(result.documents().get(0).root().path("metadata").path("labels").path("app").asText())
                .isEqualTo("second");
        assertThat(result.diagnostics().all()).singleElement().satisfies(w -> {
            assertThat(w.severity()).isEqualTo(Severity.WARNING);
            assertThat(w.location()).hasToString("manifests/dup.yaml[doc 0]");
            assertThat(w.object()).isEqualTo("ConfigMap/cm");
            assertThat(w.field()).isEqualTo("metadata.labels.app");
            assertThat(w.message()).contains("duplicate key 'app' at line 6").contains("last value wins");
        });
    }

    @Test
    void duplicatePathsShowListIndexesAndQuoteDottedKeys() throws IOException {
        LoadResult result = load("dup2.yaml", """
                items:
                - metadata:
                    annotations:
                      olm.properties: a
                      olm.properties: b
                """);

        assertThat(result.diagnostics().warnings()).singleElement()
                .extracting(Diagnostic::field).isEqualTo("items[0].metadata.annotations[\"olm.properties\"]");
    }

    @Test
    void syntaxErrorsNameFileDocumentLineAndColumnInOneLine() throws IOException {
        LoadResult result = load("broken.yaml", "kind: A\n---\nkind: B\nspec:\n  - x\n   y: 2\n");

        assertThat(result.documents()).hasSize(1);
        assertThat(result.diagnostics().errors()).singleElement().satisfies(e -> {
            assertThat(e.location()).hasToString("manifests/broken.yaml[doc 1]");
            assertThat(e.message()).startsWith("YAML syntax error at line 6, column 5: ");
            assertThat(e.toString()).doesNotContain("\n").doesNotContain("Exception").doesNotContain("at com.");
        });
    }

    @Test
    void tabIndentationIsASyntaxErrorAtTheTab() throws IOException {
        LoadResult result = load("tab.yaml", "a:\n\tb: 1\n");

        assertThat(result.diagnostics().errors()).singleElement().extracting(Diagnostic::message).asString()
                .startsWith("YAML syntax error at line 2, column 1").contains("TAB");
    }

    @Test
    void anEmptyValueIsNullAsKubernetesReadsIt() throws IOException {
        JsonNode root = only(load("empty.yaml", "a:\nb: ''\n"));

        assertThat(root.get("a").isNull()).isTrue();
        assertThat(root.get("b").textValue()).isEmpty();
    }

    @Test
    void jsonFilesAreParsedAsJsonIncludingSeveralValues() throws IOException {
        LoadResult result = load("objects.json", "{\"kind\": \"A\"}\n{\"kind\": \"B\", \"kind\": \"C\"}");

        assertThat(result.documents()).extracting(d -> d.root().path("kind").asText()).containsExactly("A", "C");
        assertThat(result.diagnostics().warnings()).singleElement().extracting(Diagnostic::field).isEqualTo("kind");
    }

    @Test
    void jsonSyntaxErrorsAreReportedAsJson() throws IOException {
        LoadResult result = load("bad.json", "{\"a\": [1, 2}");

        assertThat(result.diagnostics().errors()).singleElement().extracting(Diagnostic::message).asString()
                .startsWith("JSON syntax error at line 1");
    }

    @Test
    void nestingDeeperThanTheLimitIsRejected() throws IOException {
        SafeYamlLoader shallow = new SafeYamlLoader(new ReaderLimits(1 << 20, 1 << 20, 1 << 20, 3, 100));
        Path file = dir.resolve("deep.yaml");
        Files.writeString(file, "a:\n  b:\n    c:\n      d: 1\n");
        Files.writeString(dir.resolve("ok.yaml"), "a:\n  b:\n    c: 1\n");

        assertThat(shallow.load(dir.resolve("ok.yaml"), "ok.yaml").diagnostics().all()).isEmpty();
        assertThat(shallow.load(file, "deep.yaml").diagnostics().errors()).singleElement()
                .extracting(Diagnostic::message).asString().contains("nest deeper than 3 levels");
    }

    @Test
    void stringsLongerThanTheLimitAreRejected() throws IOException {
        SafeYamlLoader small = new SafeYamlLoader(new ReaderLimits(1 << 20, 1 << 20, 10, 10, 100));
        Path file = dir.resolve("long.yaml");
        Files.writeString(file, "a: |\n  " + "x".repeat(8) + "\n  " + "y".repeat(8) + "\n");

        assertThat(small.load(file, "long.yaml").diagnostics().errors()).singleElement()
                .extracting(Diagnostic::message).asString().contains("longer than the limit of 10");
    }

    @Test
    void aliasExpansionBeyondTheLimitIsRejected() throws IOException {
        SafeYamlLoader tight = new SafeYamlLoader(new ReaderLimits(1 << 20, 1 << 20, 1 << 20, 10, 10));
        Path file = dir.resolve("aliases.yaml");
        // Each copy of the 4-node list costs 4 nodes: two copies fit, the third does not.
        Files.writeString(file, "a: &a [1, 2, 3]\nb: *a\nc: *a\nd: *a\n");

        assertThat(tight.load(file, "aliases.yaml").diagnostics().errors()).singleElement()
                .extracting(Diagnostic::message).asString()
                .contains("aliases expand to more than 10 nodes").contains("line 4");
    }

    @Test
    void theAliasBudgetIsSharedByTheDocumentsOfAFile() throws IOException {
        SafeYamlLoader tight = new SafeYamlLoader(new ReaderLimits(1 << 20, 1 << 20, 1 << 20, 10, 10));
        Path file = dir.resolve("many.yaml");
        Files.writeString(file, "a: &a [1, 2, 3]\nb: *a\n---\na: &a [1, 2, 3]\nb: *a\n---\na: &a [1, 2, 3]\nb: *a\n");

        LoadResult result = tight.load(file, "many.yaml");

        assertThat(result.documents()).hasSize(2);
        assertThat(result.diagnostics().errors()).singleElement().satisfies(e -> {
            assertThat(e.location().documentIndex()).isEqualTo(2);
            assertThat(e.message()).contains("more than 10 nodes in this file");
        });
    }

    @Test
    void aFileLargerThanTheLimitIsNotRead() throws IOException {
        SafeYamlLoader small = new SafeYamlLoader(new ReaderLimits(100, 100, 100, 10, 10));
        Path file = dir.resolve("big.yaml");
        Files.writeString(file, "a: " + "x".repeat(200) + "\n");

        List<Diagnostic> errors = small.load(file, "big.yaml").diagnostics().errors();
        assertThat(errors).singleElement().satisfies(e -> {
            assertThat(e.location().documentIndex()).isEqualTo(-1);
            assertThat(e.message()).contains("204 bytes, more than the limit of 100 bytes").contains("not read");
        });
    }

    @Test
    void aLineLongerThanTheLimitIsNotParsed() throws IOException {
        SafeYamlLoader narrow = new SafeYamlLoader(new ReaderLimits(1000, 50, 1000, 10, 10));
        Path file = dir.resolve("wide.yaml");
        Files.writeString(file, "a: 1\nb: " + "x".repeat(60) + "\nc: 3\n");

        assertThat(narrow.load(file, "wide.yaml").diagnostics().errors()).singleElement()
                .extracting(Diagnostic::message).asString().contains("line 2 is longer than the limit of 50 bytes");
    }

    @Test
    void anUnreadableFileIsADiagnostic() {
        LoadResult result = loader.load(dir.resolve("missing.yaml"), "manifests/missing.yaml");

        assertThat(result.complete()).isFalse();
        assertThat(result.diagnostics().errors()).singleElement().extracting(Diagnostic::message).asString()
                .startsWith("cannot read the file: NoSuchFileException");
    }

    @Test
    void embeddedJsonIsParsedOrExplained() {
        assertThat(loader.parseJson("[{\"type\": \"a\", \"value\": 1}]"))
                .isInstanceOfSatisfying(JsonText.Parsed.class, p -> assertThat(p.value().size()).isEqualTo(1));
        assertThat(loader.parseJson("[{\"type\": \"a\",}]"))
                .isInstanceOfSatisfying(JsonText.Malformed.class, m -> assertThat(m.problem()).contains("line 1"));
        assertThat(loader.parseJson("[] []")).isInstanceOf(JsonText.Malformed.class);
        assertThat(loader.parseJson("  ")).isInstanceOf(JsonText.Malformed.class);
    }

    @Test
    void textsAreParsedLikeFilesAndEveryAnchorAndAliasIsReportedWhereItIsWritten() {
        LoadResult result = loader.parse("""
                &k key: v
                list: [&n 5, *n]
                map: &m {a: 1}
                copy: *m
                """, "t.yaml", Syntax.YAML);

        assertThat(result.complete()).isTrue();
        assertThat(result.documents().get(0).root().path("copy").path("a").asInt()).isEqualTo(1);
        assertThat(result.references()).containsExactly(
                new YamlReference(YamlReference.Kind.ANCHOR, "k", 1, 1),
                new YamlReference(YamlReference.Kind.ANCHOR, "n", 2, 8),
                new YamlReference(YamlReference.Kind.ALIAS, "n", 2, 14),
                new YamlReference(YamlReference.Kind.ANCHOR, "m", 3, 6),
                new YamlReference(YamlReference.Kind.ALIAS, "m", 4, 7));
    }

    @Test
    void duplicateKeysAreReportedWithTheirPlaceAsWellAsWarned() {
        LoadResult result = loader.parse("a: 1\nb:\n  c: 1\n  c: 2\n", "t.yaml", Syntax.YAML);

        assertThat(result.duplicateKeys()).containsExactly(new DuplicateKey("b.c", "c", 4, 3));
        assertThat(result.diagnostics().warnings()).singleElement().extracting(Diagnostic::field).isEqualTo("b.c");
    }

    @Test
    void whatCameBeforeAFailureInTheFailingDocumentIsStillReported() {
        LoadResult result = loader.parse("a: &x 1\nb: 1\nb: 2\nc: *nowhere\n", "t.yaml", Syntax.YAML);

        assertThat(result.documents()).isEmpty();
        assertThat(result.references()).extracting(YamlReference::name).containsExactly("x", "nowhere");
        assertThat(result.duplicateKeys()).extracting(DuplicateKey::key).containsExactly("b");
        assertThat(result.failure()).hasValueSatisfying(failure -> {
            assertThat(failure.kind()).isEqualTo(ParseFailure.Kind.CONTENT);
            assertThat(failure.documentIndex()).isZero();
            assertThat(failure.line()).isEqualTo(4);
            assertThat(failure.problem()).startsWith("the alias *nowhere refers to no anchor");
        });
    }

    @Test
    void syntaxFailuresPointAtTheCulprit() {
        LoadResult result = loader.parse("a: 1\n---\nb: [\n", "t.yaml", Syntax.YAML);

        assertThat(result.documents()).hasSize(1);
        assertThat(result.failure()).hasValueSatisfying(failure -> {
            assertThat(failure.kind()).isEqualTo(ParseFailure.Kind.SYNTAX);
            assertThat(failure.documentIndex()).isEqualTo(1);
            assertThat(failure.line()).isEqualTo(4);
            assertThat(failure.column()).isEqualTo(1);
            assertThat(failure.problem()).isEqualTo("expected the node content, but found '<stream end>'"
                    + " (while parsing a flow node)");
        });
        assertThat(result.diagnostics().errors()).singleElement().hasToString("error: t.yaml[doc 1]: YAML syntax"
                + " error at line 4, column 1: expected the node content, but found '<stream end>'"
                + " (while parsing a flow node)");
    }

    @Test
    void documentsKnowWhereTheyAndTheElementsOfARootSequenceStart() {
        LoadResult result = loader.parse("# header\n---\n- {kind: A}\n-\n  kind: B\n---\nkind: C\n",
                "t.yaml", Syntax.YAML);

        assertThat(result.documents()).extracting(LoadedDocument::line).containsExactly(3, 7);
        assertThat(result.documents().get(0).elementLines()).containsExactly(3, 5);
        assertThat(result.documents().get(1).elementLines()).isEmpty();
    }

    @Test
    void theSyntaxIsTheCallersChoiceNotTheName() {
        LoadResult json = loader.parse("[1,\n 2]", "t.yaml", Syntax.JSON);

        assertThat(json.documents()).singleElement().satisfies(d -> assertThat(d.elementLines()).containsExactly(1, 2));
        assertThat(loader.parse("{a: 1}", "t.json", Syntax.YAML).complete()).isTrue();
        assertThat(loader.parse("{a: 1}", "t.yaml", Syntax.JSON).diagnostics().errors()).singleElement()
                .extracting(Diagnostic::message).asString().startsWith("JSON syntax error at line 1, column 2: ");
    }

    @Test
    void emptyValuesCanStayEmptyStrings() {
        SafeYamlLoader keeping = new SafeYamlLoader(ReaderLimits.defaults(), EmptyValues.EMPTY_STRING);

        JsonNode root = keeping.parse("a:\nb: ~\n", "t.yaml", Syntax.YAML).documents().get(0).root();

        assertThat(root.get("a").textValue()).isEmpty();
        assertThat(root.get("b").isNull()).isTrue();
        assertThat(keeping.parse("---\n", "t.yaml", Syntax.YAML).documents()).isEmpty();
    }

    @Test
    void aLongLineInATextIsMeasuredInUtf8Bytes() {
        SafeYamlLoader narrow = new SafeYamlLoader(new ReaderLimits(1000, 50, 1000, 10, 10));

        assertThat(narrow.parse("a: " + "x".repeat(47) + "\n", "t.yaml", Syntax.YAML).complete()).isTrue();
        LoadResult wide = narrow.parse("a: 1\nb: " + "\u00e9".repeat(24) + "\n", "t.yaml", Syntax.YAML);
        assertThat(wide.failure()).hasValueSatisfying(failure -> {
            assertThat(failure.kind()).isEqualTo(ParseFailure.Kind.LONG_LINE);
            assertThat(failure.line()).isEqualTo(2);
        });
        assertThat(wide.diagnostics().errors()).singleElement().hasToString("error: t.yaml: line 2 is longer than"
                + " the limit of 50 bytes (such lines take quadratic time to parse); it was not parsed");
    }

    @Test
    void bindingFactoriesCarryTheLimitsAndTheReadingOfEmptyValues() throws IOException {
        SafeYamlLoader keeping = new SafeYamlLoader(new ReaderLimits(1 << 20, 1 << 20, 1 << 20, 3, 100),
                EmptyValues.EMPTY_STRING);

        assertThat(new ObjectMapper(keeping.yamlFactoryBuilder().build()).readTree("a:\n").get("a").textValue())
                .isEmpty();
        assertThat(new ObjectMapper(loader.yamlFactoryBuilder().build()).readTree("a:\n").get("a").isNull()).isTrue();
        assertThat(keeping.yamlFactoryBuilder().build().streamReadConstraints().getMaxNestingDepth()).isEqualTo(4);
        assertThat(keeping.jsonFactoryBuilder().build().streamReadConstraints().getMaxStringLength())
                .isEqualTo(1 << 20);
    }
}
