package dev.bundlectl.bundle.yaml;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import org.yaml.snakeyaml.nodes.NodeId;
import org.yaml.snakeyaml.nodes.Tag;
import org.yaml.snakeyaml.resolver.Resolver;

/**
 * What a plain (unquoted) YAML scalar becomes in a tree, exactly as jackson-dataformat-yaml types
 * it: SnakeYAML's YAML 1.1 resolver picks the tag, then {@code yes}, {@code on} and {@code true}
 * in any of the resolver's spellings are true (their opposites false), {@code ~}, {@code null} and
 * the empty scalar are null, and timestamps, {@code =} and {@code <<} stay strings. Only the number
 * forms that are unambiguous are typed here; the rest are left to SnakeYAML's path.
 *
 * <p>Not thread-safe (SnakeYAML's resolver is not documented as such): one per parser.
 */
final class PlainScalarTypes {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final int MAX_INT_DIGITS = 9;

    // The resolver Jackson's YAML parser types plain scalars with.
    private final Resolver resolver = new Resolver();

    /**
     * The node for a plain scalar, or null when its type is one this class leaves to SnakeYAML's
     * path: floats, and integers other than decimals of at most nine digits without a sign or
     * leading zero (octal, hexadecimal, binary, sexagesimal, underscores, {@code +}, long ones).
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
            return isShortDecimal(plain) ? NODES.numberNode(Integer.parseInt(plain)) : null;
        }
        if (tag == Tag.FLOAT) {
            return null;
        }
        // Strings, and timestamps, '=' and '<<' as values: Jackson hands them over as strings.
        return NODES.textNode(plain);
    }

    /**
     * The tag SnakeYAML's resolver gives a plain scalar. Its implicit resolvers are keyed by first
     * character, and for an ASCII letter only the boolean and null words can match, so every other
     * word starting with a letter is a string without a regular expression.
     */
    Tag tagOf(String plain) {
        if (plain.isEmpty()) {
            return Tag.NULL;
        }
        char c = plain.charAt(0);
        boolean letter = c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z';
        if (letter && (plain.length() > 5 || "yYnNtTfFoO".indexOf(c) < 0)) {
            return Tag.STR;
        }
        return resolver.resolve(NodeId.scalar, plain, true);
    }

    private static boolean isShortDecimal(String plain) {
        int start = plain.charAt(0) == '-' ? 1 : 0;
        int digits = plain.length() - start;
        if (digits < 1 || digits > MAX_INT_DIGITS || plain.charAt(start) == '0' && (digits > 1 || start == 1)) {
            return false;
        }
        for (int i = start; i < plain.length(); i++) {
            if (plain.charAt(i) < '0' || plain.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }
}
