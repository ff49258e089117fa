package dev.bundlectl.bundle.yaml;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.bundle.Manifest;
import dev.bundlectl.bundle.read.BundleReader;
import dev.bundlectl.bundle.testing.RepositoryBundles;
import dev.bundlectl.bundle.testing.SharedCorpus;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The bound never undercounts the compact JSON that {@link JsonTrees#compact} writes, measured in
 * UTF-8 as the API request carries it, and {@link CompactJsonSize#over} answers exactly what
 * writing and counting would.
 */
class CompactJsonSizeTest {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private static int written(JsonNode tree) {
        return JsonTrees.compact(tree).getBytes(StandardCharsets.UTF_8).length;
    }

    @Test
    void theUtf8LengthIsWhatEncodingGives() {
        for (String text : List.of("", "plain ascii", "é and ß", "日本語", "emoji \uD83D\uDE00 pair",
                "lone \uD800 high", "lone \uDC00 low", "end \uD83D", "\u0000\u001f\u007f\u0080\u07ff\u0800\uffff")) {
            assertThat(CompactJsonSize.utf8Length(text)).as(text).isEqualTo(text.getBytes(StandardCharsets.UTF_8).length);
        }
    }

    @Test
    void theBoundCoversEveryKindOfNodeAtItsLongest() {
        ObjectNode tree = NODES.objectNode();
        tree.put("control", "\u0000\u0001\u001f\b\f\n\r\t");
        tree.put("quotes", "\"\\\"\\");
        tree.put("wide", "日本語 é \uD83D\uDE00 \uD800");
        tree.put("\u0001key\"", "v");
        tree.put("long", Long.MIN_VALUE).put("int", Integer.MIN_VALUE);
        tree.put("double", -2.2250738585072014E-308).put("float", -1.17549435E-38f);
        tree.put("bigInteger", new BigInteger("-" + "9".repeat(60)));
        tree.put("bigDecimal", new BigDecimal("-1.234567890123456789E-1000"));
        tree.put("true", true).putNull("null");
        ArrayNode nested = tree.putArray("nested");
        nested.addArray().addObject().putArray("empty");
        nested.add("").add(0).addNull();
        tree.putObject("emptyObject");

        for (boolean readStrings : new boolean[] {false, true}) {
            assertThat(CompactJsonSize.bound(tree, Long.MAX_VALUE / 4, readStrings)).isGreaterThanOrEqualTo(written(tree));
            for (JsonNode member : tree) {
                assertThat(CompactJsonSize.bound(member, Long.MAX_VALUE / 4, readStrings)).as(member.toString())
                        .isGreaterThanOrEqualTo(written(member));
            }
        }
    }

    /** Every UTF-16 code unit, alone and as a key, against what the writer makes of it. */
    @Test
    void theStringBoundCoversEveryCharacterTheWriterMayMeet() {
        for (int c = 0; c <= 0xFFFF; c++) {
            String text = String.valueOf((char) c);
            ObjectNode tree = NODES.objectNode().put(text, text);
            // Two quotes each for key and value, a colon and the braces.
            assertThat(2 * CompactJsonSize.escapedBound(text) + 7).as("U+%04X", c).isGreaterThanOrEqualTo(written(tree));
            assertThat(CompactJsonSize.bound(tree, Long.MAX_VALUE / 4, true)).as("U+%04X", c)
                    .isGreaterThanOrEqualTo(written(tree));
        }
        // A pair is four bytes; its two halves are bounded at six each.
        assertThat(CompactJsonSize.escapedBound("\uD83D\uDE00")).isGreaterThanOrEqualTo(4);
    }

    @Test
    void readingTheStringsBoundsLongTextClosely() {
        String description = "A line of an operator's description, with a \"quote\" and caf\u00e9.\n".repeat(10_000);
        ObjectNode tree = NODES.objectNode().put("description", description);
        int exact = written(tree);
        assertThat(CompactJsonSize.bound(tree, Long.MAX_VALUE / 4, false)).isGreaterThan(5L * exact);
        assertThat(CompactJsonSize.bound(tree, Long.MAX_VALUE / 4, true)).isBetween((long) exact, exact + 10_000L * 2);
        // Between the two bounds the answer still comes out exact.
        assertThat(CompactJsonSize.over(tree, 2 * exact)).isEmpty();
        assertThat(CompactJsonSize.over(tree, exact)).isEmpty();
        assertThat(CompactJsonSize.over(tree, exact - 1)).hasValue(exact);
    }

    @Test
    void overAnswersWithTheExactSizeOnlyPastTheLimit() {
        ObjectNode tree = NODES.objectNode().put("text", "é".repeat(1000));
        int exact = written(tree);

        assertThat(CompactJsonSize.over(tree, exact)).isEmpty();
        assertThat(CompactJsonSize.over(tree, exact - 1)).hasValue(exact);
        assertThat(CompactJsonSize.over(tree, 10)).hasValue(exact);
        // Far within the limit: answered from the bound alone.
        assertThat(CompactJsonSize.bound(tree, Long.MAX_VALUE / 4, false)).isLessThan(10 * exact);
        assertThat(CompactJsonSize.over(tree, 10 * exact)).isEmpty();
    }

    @Test
    void theBoundCoversEveryManifestOfTheRepository() {
        assertThat(boundsChecked(RepositoryBundles.all())).isGreaterThan(30);
    }

    @Test
    void theBoundCoversEveryManifestOfTheDevCorpus() {
        assertThat(boundsChecked(SharedCorpus.devBundleDirs())).isGreaterThan(1000);
    }

    private static int boundsChecked(List<Path> bundles) {
        int checked = 0;
        for (Path dir : bundles) {
            for (Manifest manifest : new BundleReader().read(dir).bundle().map(bundle -> bundle.manifests())
                    .orElse(List.of())) {
                int exact = written(manifest.body());
                for (boolean readStrings : new boolean[] {false, true}) {
                    assertThat(CompactJsonSize.bound(manifest.body(), Long.MAX_VALUE / 4, readStrings))
                            .as(dir + " " + manifest.displayName()).isGreaterThanOrEqualTo(exact);
                }
                assertThat(CompactJsonSize.over(manifest.body(), exact - 1)).hasValue(exact);
                checked++;
            }
        }
        return checked;
    }
}
