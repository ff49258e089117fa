package dev.bundlectl.bundle.yaml;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.bundle.ReaderLimits;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The plain-subset parser on texts written to hit each rule: every text it takes must read exactly
 * as SnakeYAML reads it (in both readings of an empty value), and every text outside the subset
 * must be declined, not misread. The expectations come from SnakeYAML, an independent parser.
 */
class PlainYamlParserTest {

    private static final ReaderLimits LIMITS = ReaderLimits.defaults();

    /** Texts in the subset. */
    private static final List<String> TAKEN = List.of(
            "a: 1\nb: two\n",
            "a: 1",
            "# only a comment\n",
            "",
            "---\na: 1\n",
            "# head\n---\na: 1\n---\n---\nb: 2\n---\n",
            "a: 1\n--- # comment\nb: 2\n",
            "kind: List\nitems:\n- a: 1\n  b: 2\n-   c: 3\n\n    d: 4\n- x\n-\n  y: 5\n",
            "- a: 1\n- b\n- - c\n  - d\n-\n  - e\n- [f, g]\n",
            "- 1\n-\n- 3\n",
            "spec:\n  containers:\n  - name: a\n    args:\n    - x\n    - y\n  volumes: []\n",
            "a:\nb: ~\nc: null\nd: Null\ne: NULL\nf:   # comment\ng: ''\nh: \"\"\n",
            "t: [true, True, TRUE, yes, Yes, YES, on, On, ON]\nf: [false, False, FALSE, no, No, NO, off, Off, OFF]\n",
            "s: [y, n, Y, N, tRue, nil, none, onion, offset, nope, yess, \"true\", 'yes']\n",
            "i: [0, 7, -7, 123456789, -123456789]\n",
            "max: 4294967295\nmin: -2147483649\nratio: 0.75\nlist:\n- 18446744073\n- 2.5\n",
            "ints: [2147483647, 2147483648, -2147483648, -2147483649, 4294967295, 999999999999999999, -999999999999999999]\n",
            "fractions: [0.0, 0.5, 1.0, -1.5, 3.14159, 100.25, -0.5, 0.1, 123456789.123456]\nstrings: [1.2.3, 1-2, 0.1.0-rc1, v1, 1e, '1', \"2\"]\n",
            "date: 2021-01-02\nstamp: 2021-01-02T03:04:05Z\nmerge: <<\neq: =\n",
            "image: quay.io/org/image:v1.2@sha256:abc\nurl: http://example.com:8080/a#frag\nk: a:b\nh: a#b\n",
            "a: value   # trailing comment\nb: 'it''s'   # c\nc: \"tab\\there \\\"q\\\" \\\\ \\x41\\u00e9 \\0\"\n",
            "\"quoted key\": 1\n'single key': 2\nkey with spaces  : 3\n",
            "desc: a plain scalar that goes\n  on over lines\n\n  and keeps a blank one\nnext: 1\n",
            "- a long item\n  folded\n- b\n",
            "d: \"double quoted\n  over lines\n\n  with a break\"\ns: 'single quoted\n   over lines'\n",
            "d: \"escaped \\\n  join\"\ne: \"go style\n  \\ leading space\"\n",
            "lit: |\n  line one\n    indented\n\n  line three\nnext: 1\n",
            "strip: |-\n  a\n  b\n\n\nkeep: |+\n  a\n\n\nclip: |\n  a\n\n\nend: 1\n",
            "fold: >\n  a\n  b\n\n  c\n\n\n  d\nfs: >-\n  x\n  y\nfk: >+\n  z\n\nend: 1\n",
            "lit: | # comment\n  # not a comment\n  text\n# a real comment\nend: 1\n",
            "- |\n  in a sequence\n- key: >\n    folded in a compact mapping\n  other: 1\n",
            "flow: {a: 1, b: [x, \"y\"], 'c': {}, d: []}\nnested: [[1, 2], [], {k: v}]\n",
            "desc: a line\n  - not a sequence\n  `code` [brackets] *star &amp \"quote\n",
            "own:\n  a scalar on its own line\n  and more\nq:\n  \"quoted on its own\"\n",
            "  indented: root\n  mapping: 1\n",
            "unicode: ünïcödé ✓ 𝄞\n"
    );

    /** Texts outside the subset, some of them bad YAML. */
    private static final List<String> DECLINED = List.of(
            "a: &x 1\nb: *x\n",
            "a: !!str 1\n",
            "a: !custom 1\n",
            "base: &b {x: 1}\nd:\n  <<: *b\n",
            "? complex\n: key\n",
            "a: 1\na: 2\n",
            "a: {x: 1, x: 2}\n",
            "a:\tb\n",
            "a: b\r\n",
            "\uFEFFa: 1\n",
            "%YAML 1.1\n---\na: 1\n",
            "f: 1.5e3\n",
            "f: .5\n",
            "f: 1.\n",
            "f: 01.5\n",
            "f: +1.5\n",
            "f: 1_0.5\n",
            "f: .inf\n",
            "i: 0x1F\n",
            "i: 017\n",
            "i: 1_000\n",
            "i: +1\n",
            "i: 1234567890123456789\n",
            "i: -0\n",
            "a: b: c\n",
            "a: 1\n b: 2\n",
            "a:\n  - 1\n - 2\n",
            "a: [1,\n  2]\n",
            "a: \"unclosed\n",
            "a: \"\\/\"\n",
            "a: |2\n   x\n",
            "a: >\n  x\n    more indented\n  y\n",
            "a: |\n  no final line break",
            "a: 1\nfoo\n",
            "a: 1 # c\n  continued\n",
            "a: [1, 2,]\n",
            "a: [a: b]\n",
            "a: [http://x]\n",
            "a: @b\n",
            "a: `b`\n",
            "a: - b\n",
            "a: 1\n...\nb: 2\n",
            "- a\nb: 1\n",
            "a: 1\n...\n"
    );

    @ParameterizedTest
    @EnumSource(EmptyValues.class)
    void textsInTheSubsetReadAsSnakeYamlReadsThem(EmptyValues emptyValues) {
        PlainYamlParser subset = new PlainYamlParser(LIMITS, emptyValues);
        SafeYamlLoader plain = new SafeYamlLoader(LIMITS, emptyValues, true);
        SafeYamlLoader snake = new SafeYamlLoader(LIMITS, emptyValues, false);
        for (String text : TAKEN) {
            assertThat(subset.parse(text)).as("%s", text).isInstanceOf(PlainYamlParser.Parsed.class);
            assertThat(subset.parse(text.getBytes(java.nio.charset.StandardCharsets.UTF_8)))
                    .as("as bytes: %s", text).isInstanceOf(PlainYamlParser.Parsed.class);
            String difference = LoadResults.difference(plain.parse(text, "t.yaml", Syntax.YAML),
                    snake.parse(text, "t.yaml", Syntax.YAML));
            assertThat(difference).as("%s", text).isNull();
        }
    }

    @ParameterizedTest
    @EnumSource(EmptyValues.class)
    void textsOutsideTheSubsetAreDeclinedAndStillReadBySnakeYaml(EmptyValues emptyValues) {
        PlainYamlParser subset = new PlainYamlParser(LIMITS, emptyValues);
        SafeYamlLoader plain = new SafeYamlLoader(LIMITS, emptyValues, true);
        SafeYamlLoader snake = new SafeYamlLoader(LIMITS, emptyValues, false);
        for (String text : DECLINED) {
            assertThat(subset.parse(text)).as("%s", text).isInstanceOf(PlainYamlParser.Declined.class);
            LoadResult viaLoader = plain.parse(text, "t.yaml", Syntax.YAML);
            LoadResult viaSnake = snake.parse(text, "t.yaml", Syntax.YAML);
            assertThat(viaLoader).as("%s", text).isEqualTo(viaSnake);
        }
    }

    /**
     * ASCII bytes are checked for unprintable characters in the same pass that widens them, other
     * bytes after decoding: both paths must decline the same texts, for the same character.
     */
    @ParameterizedTest
    @ValueSource(strings = {"a: b\tc\n", "a: b\u007Fc\n", "a: b\rc\n", "a: \u0001\n", "a: b\u0085c\n",
            "a: b\u2028c\n", "a: b\uFEFFc\n", "a: \t\nb: caf\u00e9\n", "a: caf\u00e9\nb: \u0007\n",
            "a: caf\u00e9\nb: \u0085\n", "a: \uD83D\uDE00\nb: \u2029\n", "a: \uFFFF\n"})
    void bytesAndTextDeclineTheSameUnprintableCharacter(String text) {
        PlainYamlParser subset = new PlainYamlParser(LIMITS, EmptyValues.NULL);
        PlainYamlParser.Outcome fromText = subset.parse(text);
        PlainYamlParser.Outcome fromBytes = subset.parse(text.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        assertThat(fromText).as("%s", text).isInstanceOf(PlainYamlParser.Declined.class);
        assertThat(fromBytes).as("%s", text).isEqualTo(fromText);
        assertThat(((PlainYamlParser.Declined) fromBytes).reason()).startsWith("character U+");
    }

    @ParameterizedTest
    @ValueSource(strings = {"a: b\nc: caf\u00e9\n", "a: '\u00e9t\u00e9'\n", "k: \u4e2d\u6587\n", "a: plain ascii\n",
            "a: \u2019quoted\u2019\nb: \uD83D\uDE00 four bytes\n", "a: \uFFFD\n", "a: \u00e9\nb: x\u07FF\u0800\uFFFC\n"})
    void bytesAndTextParseTheSamePrintableText(String text) {
        PlainYamlParser subset = new PlainYamlParser(LIMITS, EmptyValues.NULL);
        assertThat(subset.parse(text.getBytes(java.nio.charset.StandardCharsets.UTF_8))).as("%s", text)
                .isInstanceOf(PlainYamlParser.Parsed.class).isEqualTo(subset.parse(text));
    }

    /** Malformed UTF-8 anywhere, after well-formed non-ASCII characters too, declines the whole text. */
    @ParameterizedTest
    @ValueSource(strings = {"C3", "E2 80", "C0 AF", "E0 80 AF", "ED A0 80", "80", "F8 88 80 80 80", "C3 28"})
    void malformedBytesAreDeclinedAsNotUtf8(String hex) {
        byte[] bad = java.util.HexFormat.ofDelimiter(" ").parseHex(hex);
        byte[] prefix = "a: caf\u00e9\nb: x".getBytes(java.nio.charset.StandardCharsets.UTF_8);
        byte[] text = java.util.Arrays.copyOf(prefix, prefix.length + bad.length + 1);
        System.arraycopy(bad, 0, text, prefix.length, bad.length);
        text[text.length - 1] = '\n';
        assertThat(new PlainYamlParser(LIMITS, EmptyValues.NULL).parse(text))
                .isEqualTo(new PlainYamlParser.Declined("not UTF-8"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"- a\n- b\n", "-\n  a: 1\n- b: 2\n"})
    void aRootSequenceKnowsTheLineOfEachElement(String text) {
        PlainYamlParser.Parsed parsed = (PlainYamlParser.Parsed) new PlainYamlParser(LIMITS, EmptyValues.NULL).parse(
                "# lead\n\n" + text);
        PlainYamlParser.Document document = parsed.documents().get(0);
        assertThat(document.line()).isEqualTo(3);
        assertThat(document.elementLines()).hasSize(2);
        assertThat(document.elementLines()).containsExactly(text.startsWith("-\n") ? 4 : 3, text.startsWith("-\n") ? 5 : 4);
    }

    @org.junit.jupiter.api.Test
    void nestingAndStringLimitsAreLeftToSnakeYamlWhichReportsThem() {
        ReaderLimits tight = new ReaderLimits(LIMITS.maxFileBytes(), LIMITS.maxLineBytes(), 8, 3,
                LIMITS.maxAliasExpansionNodes());
        PlainYamlParser subset = new PlainYamlParser(tight, EmptyValues.NULL);
        assertThat(subset.parse("a:\n  b:\n    c:\n      d: 1\n")).isInstanceOf(PlainYamlParser.Declined.class);
        assertThat(subset.parse("a: [[[[1]]]]\n")).isInstanceOf(PlainYamlParser.Declined.class);
        assertThat(subset.parse("a: abcdefghi\n")).isInstanceOf(PlainYamlParser.Declined.class);
        assertThat(subset.parse("a: abcdefgh\n")).isInstanceOf(PlainYamlParser.Parsed.class);
        LoadResult deep = new SafeYamlLoader(tight).parse("a:\n  b:\n    c:\n      d: 1\n", "t.yaml", Syntax.YAML);
        assertThat(deep.diagnostics().errors()).singleElement().asString().contains("nest deeper than 3");
    }

    @org.junit.jupiter.api.Test
    void treesAreTypedAsKubernetesReadsThem() {
        PlainYamlParser.Parsed parsed = (PlainYamlParser.Parsed) new PlainYamlParser(LIMITS, EmptyValues.NULL)
                .parse("replicas: 3\nenabled: yes\nversion: 1.2.3\nempty:\nport: \"80\"\n");
        JsonNode root = parsed.documents().get(0).root();
        assertThat(root.get("replicas").isInt()).isTrue();
        assertThat(root.get("enabled").booleanValue()).isTrue();
        assertThat(root.get("version").textValue()).isEqualTo("1.2.3");
        assertThat(root.get("empty").isNull()).isTrue();
        assertThat(root.get("port").textValue()).isEqualTo("80");
    }
}
