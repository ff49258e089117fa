package dev.bundlectl.bundle.yaml;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.util.Set;
import org.yaml.snakeyaml.nodes.NodeId;
import org.yaml.snakeyaml.nodes.Tag;
import org.yaml.snakeyaml.resolver.Resolver;

/**
 * What a plain (unquoted) YAML scalar becomes in a tree, exactly as jackson-dataformat-yaml types
 * it: SnakeYAML's YAML 1.1 resolver picks the tag, then {@code yes}, {@code on} and {@code true}
 * in any of the resolver's spellings are true (their opposites false), {@code ~}, {@code null} and
 * the empty scalar are null, and timestamps, {@code =} and {@code <<} stay strings. Only the number
 * forms that are unambiguous are typed here (decimal integers, and decimal fractions without an
 * exponent); the rest are left to SnakeYAML's path.
 *
 * <p>Not thread-safe (SnakeYAML's resolver is not documented as such): one per parser.
 */
final class PlainScalarTypes {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    // Decimal integers up to this many digits fit a long; Jackson makes an int of those that fit one.
    private static final int MAX_LONG_DIGITS = 18;

    /**
     * Every word of SnakeYAML's boolean and null patterns (YAML 1.1), the only implicit types whose
     * patterns start with a letter; {@code PlainScalarTypesTest} checks this against the resolver.
     */
    static final Set<String> RESOLVED_WORDS = Set.of("yes", "Yes", "YES", "no", "No", "NO", "true", "True", "TRUE",
            "false", "False", "FALSE", "on", "On", "ON", "off", "Off", "OFF", "null", "Null", "NULL");

    /** The first letters and the greatest length of the {@link #RESOLVED_WORDS}. */
    static final String RESOLVED_FIRST_LETTERS = "yYnNtTfFoO";
    static final int LONGEST_RESOLVED_WORD = 5;

    // The resolver Jackson's YAML parser types plain scalars with.
    private final Resolver resolver = new Resolver();

    /**
     * The node for a plain scalar, or null when its type is one this class leaves to SnakeYAML's
     * path: integers other than decimals of at most eighteen digits without a sign or leading zero
     * (octal, hexadecimal, binary, sexagesimal, underscores, {@code +}, long ones), and floats
     * other than {@code digits.digits} (exponents, {@code .5}, {@code 1.}, infinities, NaN).
     *
     * <p>Integers are typed as Jackson's YAML parser types them: an int when the value fits one,
     * else a long. Fractions are doubles, as Jackson's tree reads them by default. Catalog CRDs
     * carry both ({@code maximum: 4294967295}, {@code 0.5}); before, each such file was parsed
     * up to that number and then again by SnakeYAML (bench/README.md, issue 26).
     */
    JsonNode nodeOrNull(String plain) {
        Tag tag = tagOf(plain);
        if (tag == Tag.NULL) {
            return NODES.nullNode();
        }
        if (tag == Tag.BOOL) {
            char c = Character.toLowerCase(plain.charAt(0));
            return NODES.booleanNode(c == 't' || c == 'y' || plain.equalsIgnoreCase("on"));
        }
        if (tag == Tag.INT) {
            return isDecimal(plain) ? integer(Long.parseLong(plain)) : null;
        }
        if (tag == Tag.FLOAT) {
            return isDecimalFraction(plain) ? NODES.numberNode(Double.parseDouble(plain)) : null;
        }
        // Strings, and timestamps, '=' and '<<' as values: Jackson hands them over as strings.
        return NODES.textNode(plain);
    }

    private static JsonNode integer(long value) {
        return value == (int) value ? NODES.numberNode((int) value) : NODES.numberNode(value);
    }

    /**
     * The tag SnakeYAML's resolver gives a plain scalar. Its implicit resolvers are keyed by first
     * character, and for an ASCII letter only the boolean and null words can match, so every other
     * word starting with a letter is a string without a regular expression. Checking the first
     * letter and the length alone still sent the commonest keys of all ({@code type}, {@code name})
     * through the resolver's patterns: 7 % of a catalog batch's CPU (bench/README.md, issue 26).
     */
    Tag tagOf(String plain) {
        if (plain.isEmpty()) {
            return Tag.NULL;
        }
        char c = plain.charAt(0);
        boolean letter = c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z';
        // Most words are longer than any resolved word or start with another letter: they are
        // strings without hashing them for the set (each scalar is a new String, its hash uncached).
        if (letter && (plain.length() > LONGEST_RESOLVED_WORD || RESOLVED_FIRST_LETTERS.indexOf(c) < 0
                || !RESOLVED_WORDS.contains(plain))) {
            return Tag.STR;
        }
        return resolver.resolve(NodeId.scalar, plain, true);
    }

    /** Digits, at most {@link #MAX_LONG_DIGITS}, after an optional minus; no leading zero (YAML 1.1 octal). */
    private static boolean isDecimal(String plain) {
        int start = plain.charAt(0) == '-' ? 1 : 0;
        int digits = plain.length() - start;
        if (digits < 1 || digits > MAX_LONG_DIGITS || plain.charAt(start) == '0' && (digits > 1 || start == 1)) {
            return false;
        }
        return allDigits(plain, start, plain.length());
    }

    /**
     * {@code digits.digits} after an optional minus, the integer part without a leading zero
     * (but {@code 0.5}), at most {@link #MAX_LONG_DIGITS} characters, so that
     * {@link Double#parseDouble} reads exactly what Jackson reads.
     */
    private static boolean isDecimalFraction(String plain) {
        int start = plain.charAt(0) == '-' ? 1 : 0;
        int dot = plain.indexOf('.');
        if (dot <= start || dot == plain.length() - 1 || plain.length() > MAX_LONG_DIGITS
                || plain.charAt(start) == '0' && dot > start + 1) {
            return false;
        }
        return allDigits(plain, start, dot) && allDigits(plain, dot + 1, plain.length());
    }

    private static boolean allDigits(String text, int from, int to) {
        for (int i = from; i < to; i++) {
            if (text.charAt(i) < '0' || text.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }
}
