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
        if (bound(tree, limit) <= limit) {
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
     * stops adding and returns what it has (more than {@code limit}).
     */
    static long bound(JsonNode node, long limit) {
        switch (node.getNodeType()) {
            case OBJECT: {
                long sum = 2;
                for (Map.Entry<String, JsonNode> field : node.properties()) {
                    sum += 2L + (long) MAX_BYTES_PER_CHAR * field.getKey().length() + 2;
                    sum += bound(field.getValue(), limit - sum);
                    if (sum > limit) {
                        return sum;
                    }
                }
                return sum;
            }
            case ARRAY: {
                long sum = 2;
                for (JsonNode element : node) {
                    sum += 1 + bound(element, limit - sum);
                    if (sum > limit) {
                        return sum;
                    }
                }
                return sum;
            }
            case STRING:
                return 2L + (long) MAX_BYTES_PER_CHAR * node.textValue().length();
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
