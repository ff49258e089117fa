package dev.bundlectl.bundle.yaml;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.math.BigInteger;

/**
 * Reads the first JSON value of a text into the tree Jackson's {@code readTree} makes of it: the
 * same node types (int, long or big integer by size, double for any fraction or exponent), the last
 * of duplicate keys winning in the first one's place, the rest of the text unread. bundlectl reads
 * JSON it wrote itself (a step's manifest, a plan annotation) this way, because Jackson's parser
 * classes initialise {@code java.math.BigDecimal} on first use, which JDK 25 takes 10-20 ms to do in
 * every process that plans a Secret (bench/README.md, "Fourth pass").
 *
 * <p>Strict JSON (RFC 8259): no comments, no NaN, no single quotes, no unescaped control characters.
 * Nesting is bounded, so no text can overflow the stack. One instance reads one text.
 */
final class JsonTextParser {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final int MAX_INT_DIGITS = 9;

    private final String s;
    private final int n;
    private final int maxDepth;
    private int pos;

    JsonTextParser(String text, int maxDepth) {
        this.s = text;
        this.n = text.length();
        this.maxDepth = maxDepth;
    }

    /** The first value, or a missing node when the text holds none. */
    JsonNode firstValue() throws IOException {
        skipWhitespace();
        return pos >= n ? MissingNode.getInstance() : value(0);
    }

    private JsonNode value(int depth) throws IOException {
        if (pos >= n) {
            throw error("the text ends where a value should start");
        }
        char c = s.charAt(pos);
        switch (c) {
            case '{':
                return object(depth + 1);
            case '[':
                return array(depth + 1);
            case '"':
                return NODES.textNode(string());
            case 't':
                return literal("true", NODES.booleanNode(true));
            case 'f':
                return literal("false", NODES.booleanNode(false));
            case 'n':
                return literal("null", NODES.nullNode());
            default:
                if (c == '-' || c >= '0' && c <= '9') {
                    return number();
                }
                throw error("unexpected character '" + c + "'");
        }
    }

    private ObjectNode object(int depth) throws IOException {
        checkDepth(depth);
        pos++;
        ObjectNode object = NODES.objectNode();
        skipWhitespace();
        if (peek() == '}') {
            pos++;
            return object;
        }
        while (true) {
            if (peek() != '"') {
                throw error("expected a field name in double quotes");
            }
            String key = string();
            skipWhitespace();
            expect(':');
            skipWhitespace();
            object.set(key, value(depth));
            skipWhitespace();
            char next = peek();
            pos++;
            if (next == '}') {
                return object;
            }
            if (next != ',') {
                throw error("expected ',' or '}' after a field");
            }
            skipWhitespace();
        }
    }

    private ArrayNode array(int depth) throws IOException {
        checkDepth(depth);
        pos++;
        ArrayNode array = NODES.arrayNode();
        skipWhitespace();
        if (peek() == ']') {
            pos++;
            return array;
        }
        while (true) {
            array.add(value(depth));
            skipWhitespace();
            char next = peek();
            pos++;
            if (next == ']') {
                return array;
            }
            if (next != ',') {
                throw error("expected ',' or ']' after an element");
            }
            skipWhitespace();
        }
    }

    private String string() throws IOException {
        int start = ++pos;
        // The common case, no escapes: one substring.
        while (pos < n) {
            char c = s.charAt(pos);
            if (c == '"') {
                return s.substring(start, pos++);
            }
            if (c == '\\' || c < 0x20) {
                break;
            }
            pos++;
        }
        StringBuilder value = new StringBuilder().append(s, start, pos);
        while (true) {
            if (pos >= n) {
                throw error("a string is not closed");
            }
            char c = s.charAt(pos++);
            if (c == '"') {
                return value.toString();
            }
            if (c < 0x20) {
                throw error("an unescaped control character in a string");
            }
            if (c != '\\') {
                value.append(c);
                continue;
            }
            if (pos >= n) {
                throw error("a string is not closed");
            }
            char escaped = s.charAt(pos++);
            switch (escaped) {
                case '"', '\\', '/' -> value.append(escaped);
                case 'b' -> value.append('\b');
                case 'f' -> value.append('\f');
                case 'n' -> value.append('\n');
                case 'r' -> value.append('\r');
                case 't' -> value.append('\t');
                case 'u' -> value.append(hex4());
                default -> throw error("the escape \\" + escaped + " is not JSON");
            }
        }
    }

    private char hex4() throws IOException {
        if (pos + 4 > n) {
            throw error("a short \\u escape");
        }
        int code = 0;
        for (int i = 0; i < 4; i++) {
            int digit = Character.digit(s.charAt(pos++), 16);
            if (digit < 0) {
                throw error("a bad \\u escape");
            }
            code = code * 16 + digit;
        }
        return (char) code;
    }

    private JsonNode number() throws IOException {
        int start = pos;
        if (s.charAt(pos) == '-') {
            pos++;
        }
        int digitsStart = pos;
        if (peek() == '0') {
            pos++;
            if (peek() >= '0' && peek() <= '9') {
                throw error("a number with a leading zero");
            }
        } else if (peek() >= '1' && peek() <= '9') {
            skipDigits();
        } else {
            throw error("a number without digits");
        }
        int integralDigits = pos - digitsStart;
        boolean fraction = false;
        if (peek() == '.') {
            pos++;
            requireDigit();
            skipDigits();
            fraction = true;
        }
        if (peek() == 'e' || peek() == 'E') {
            pos++;
            if (peek() == '+' || peek() == '-') {
                pos++;
            }
            requireDigit();
            skipDigits();
            fraction = true;
        }
        String text = s.substring(start, pos);
        if (fraction) {
            return NODES.numberNode(Double.parseDouble(text));
        }
        if (integralDigits <= MAX_INT_DIGITS) {
            return NODES.numberNode(Integer.parseInt(text));
        }
        try {
            long value = Long.parseLong(text);
            return value == (int) value ? NODES.numberNode((int) value) : NODES.numberNode(value);
        } catch (NumberFormatException beyondLong) {
            return NODES.numberNode(new BigInteger(text));
        }
    }

    private void requireDigit() throws IOException {
        if (peek() < '0' || peek() > '9') {
            throw error("a digit is missing in a number");
        }
    }

    private void skipDigits() {
        while (pos < n && s.charAt(pos) >= '0' && s.charAt(pos) <= '9') {
            pos++;
        }
    }

    private JsonNode literal(String word, JsonNode node) throws IOException {
        if (!s.startsWith(word, pos)) {
            throw error("unexpected word");
        }
        pos += word.length();
        if (pos < n && Character.isLetterOrDigit(s.charAt(pos))) {
            throw error("unexpected word");
        }
        return node;
    }

    private void checkDepth(int depth) throws IOException {
        if (depth > maxDepth) {
            throw error("objects and arrays nest deeper than " + maxDepth + " levels");
        }
    }

    private void expect(char c) throws IOException {
        if (peek() != c) {
            throw error("expected '" + c + "'");
        }
        pos++;
    }

    /** The character at the position, or 0 at the end (never valid where it is looked for). */
    private char peek() {
        return pos < n ? s.charAt(pos) : 0;
    }

    private void skipWhitespace() {
        while (pos < n) {
            char c = s.charAt(pos);
            if (c != ' ' && c != '\n' && c != '\r' && c != '\t') {
                return;
            }
            pos++;
        }
    }

    private IOException error(String problem) {
        return new IOException(problem + " at character " + (pos + 1));
    }
}
