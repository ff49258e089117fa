package dev.bundlectl.bundle.yaml;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;
import java.util.OptionalInt;

/**
 * The size in UTF-8 bytes of a tree's compact JSON, as {@link JsonTrees#compact} writes it, for a
 * check against a limit: when a cheap upper bound is within the limit the JSON is not written at
 * all. Writing every manifest of a catalog only to learn that it is far below the API server's
 * 3 MiB was a sixth of a catalog run's CPU (bench/README.md, "Catalogs").
 *
 * <p>The bound follows the writer: a string is its two quotes and at most six bytes a character
 * (a control character is written as a six-character escape; any other character takes at most three bytes
 * of UTF-8, and a surrogate pair four for its two characters); an object or array its brackets, and
 * a comma or colon beside each member; a number at most its longest text.
 *
 * <p>When that bound passes the limit (a large CRD's descriptions: half a million characters of
 * text is enough), a second bound reads every string's characters and counts what the writer makes
 * of each: one byte for printable ASCII, two for a quote, a backslash and the line breaks and tabs
 * it writes as two-character escapes, six for any other control character or surrogate, and two or
 * three for the rest of the Basic Multilingual Plane. Only an object past that bound is written.
 * Writing those objects was a third of what the size check cost (bench/README.md, "One pass over a
 * file's bytes").
 */
public final class CompactJsonSize {

    private static final int MAX_BYTES_PER_CHAR = 6;
    // Long.MIN_VALUE and a double's longest text (e.g. -2.2250738585072014E-308).
    private static final int LONGEST_LONG = 20;
    private static final int LONGEST_DOUBLE = 24;

    private CompactJsonSize() {
    }

    /**
     * The exact size of the tree's compact JSON when it is more than {@code limit} bytes; empty
     * when it is not. Writes the JSON only when the bound cannot tell.
     */
    public static OptionalInt over(JsonNode tree, int limit) {
        if (bound(tree, limit, false) <= limit || bound(tree, limit, true) <= limit) {
            return OptionalInt.empty();
        }
        int exact = utf8Length(JsonTrees.compact(tree));
        return exact > limit ? OptionalInt.of(exact) : OptionalInt.empty();
    }

    /** The number of bytes of {@code text} in UTF-8, counted without encoding it. */
    public static int utf8Length(CharSequence text) {
        int bytes = 0;
        int length = text.length();
        for (int i = 0; i < length; i++) {
            char c = text.charAt(i);
            if (c < 0x80) {
                bytes++;
            } else if (c < 0x800) {
                bytes += 2;
            } else if (Character.isHighSurrogate(c) && i + 1 < length && Character.isLowSurrogate(text.charAt(i + 1))) {
                bytes += 4;
                i++;
            } else {
                // The JDK's encoder writes a lone surrogate as '?', one byte, as String.getBytes does.
                bytes += Character.isSurrogate(c) ? 1 : 3;
            }
        }
        return bytes;
    }

    /**
     * An upper bound of the tree's compact JSON size; once the running sum passes {@code limit} it
     * stops adding and returns what it has (more than {@code limit}). With {@code readStrings} each
     * string's characters are read for a closer bound; without, its length alone gives one.
     */
    static long bound(JsonNode node, long limit, boolean readStrings) {
        switch (node.getNodeType()) {
            case OBJECT: {
                long sum = 2;
                for (Map.Entry<String, JsonNode> field : node.properties()) {
                    sum += stringBound(field.getKey(), readStrings) + 2;
                    sum += bound(field.getValue(), limit - sum, readStrings);
                    if (sum > limit) {
                        return sum;
                    }
                }
                return sum;
            }
            case ARRAY: {
                long sum = 2;
                for (JsonNode element : node) {
                    sum += 1 + bound(element, limit - sum, readStrings);
                    if (sum > limit) {
                        return sum;
                    }
                }
                return sum;
            }
            case STRING:
                return stringBound(node.textValue(), readStrings);
            case BOOLEAN:
                return 5;
            case NULL:
                return 4;
            case NUMBER:
                return numberBound(node);
            default:
                // Never in a manifest (JsonTrees refuses to write it); the exact size then decides.
                return Long.MAX_VALUE / 2;
        }
    }

    // A string with its quotes.
    private static long stringBound(String text, boolean readStrings) {
        return 2L + (readStrings ? escapedBound(text) : (long) MAX_BYTES_PER_CHAR * text.length());
    }

    /** At least the UTF-8 bytes the writer makes of {@code text} between its quotes. */
    static long escapedBound(String text) {
        long bytes = 0;
        int length = text.length();
        for (int i = 0; i < length; i++) {
            char c = text.charAt(i);
            if (c >= 0x20 && c < 0x80) {
                bytes += c == '"' || c == '\\' ? 2 : 1;
            } else if (c < 0x20) {
                bytes += c == '\n' || c == '\t' || c == '\r' || c == '\b' || c == '\f' ? 2 : MAX_BYTES_PER_CHAR;
            } else if (c < 0x800) {
                bytes += 2;
            } else {
                bytes += Character.isSurrogate(c) ? MAX_BYTES_PER_CHAR : 3;
            }
        }
        return bytes;
    }

    private static long numberBound(JsonNode node) {
        switch (node.numberType()) {
            case INT:
            case LONG:
                return LONGEST_LONG;
            case FLOAT:
            case DOUBLE:
                return LONGEST_DOUBLE;
            default:
                // BigInteger and BigDecimal are written with their toString().
                return node.numberValue().toString().length();
        }
    }
}
