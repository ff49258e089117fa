package dev.bundlectl.crdschema;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;

/**
 * Prints values the way the API server's Go code does in validation messages, so that our
 * messages read like the ones users search for: strings quoted as by {@code strconv.Quote},
 * floating-point numbers as by {@code %v} ({@code 1e+06}, {@code 0.5}), integers plainly.
 */
public final class GoText {

    /** Go's {@code %v} switches a float to exponent form at this decimal exponent. */
    private static final int EXPONENT_FROM = 6;
    private static final int EXPONENT_BELOW = -4;

    private GoText() {
    }

    /**
     * A string as Go's {@code %q} prints it: control characters and other runes Go does not
     * consider printable (such as the bidi override U+202E) escaped, so a message never hides them.
     */
    public static String quote(String text) {
        StringBuilder out = new StringBuilder(text.length() + 2).append('"');
        text.codePoints().forEach(c -> {
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                case 0x07 -> out.append("\\a");
                case '\b' -> out.append("\\b");
                case '\f' -> out.append("\\f");
                case 0x0b -> out.append("\\v");
                default -> {
                    if (c < 0x20 || c == 0x7f) {
                        out.append(String.format("\\x%02x", c));
                    } else if (!goPrintable(c)) {
                        out.append(c < 0x10000 ? String.format("\\u%04x", c) : String.format("\\U%08x", c));
                    } else {
                        out.appendCodePoint(c);
                    }
                }
            }
        });
        return out.append('"').toString();
    }

    /**
     * Go's {@code strconv.IsPrint}: letters, marks, numbers, punctuation, symbols and the ASCII
     * space; format characters, separators other than U+0020, and unassigned code points are not.
     */
    private static boolean goPrintable(int c) {
        if (c == ' ') {
            return true;
        }
        switch (Character.getType(c)) {
            case Character.UNASSIGNED:
            case Character.CONTROL:
            case Character.FORMAT:
            case Character.PRIVATE_USE:
            case Character.SURROGATE:
            case Character.SPACE_SEPARATOR:
            case Character.LINE_SEPARATOR:
            case Character.PARAGRAPH_SEPARATOR:
                return false;
            default:
                return true;
        }
    }

    /**
     * A decoded JSON value as the API server prints a bad value: strings quoted, numbers and
     * booleans plain, {@code null}; objects and arrays as compact JSON (Go would print its own
     * map syntax, which helps nobody).
     */
    public static String value(JsonNode value) {
        if (value == null || value.isNull() || value.isMissingNode()) {
            return "null";
        }
        if (value.isTextual()) {
            return quote(value.asText());
        }
        if (value.isNumber()) {
            return number(value);
        }
        return value.toString();
    }

    /** A number from the object: integers plainly, others as Go prints a float64. */
    static String number(JsonNode number) {
        if (number.isIntegralNumber()) {
            return number.bigIntegerValue().toString();
        }
        return decimal(number.decimalValue());
    }

    /** A schema bound: Go holds these as float64, so even {@code 9} prints as a float would. */
    static String decimal(BigDecimal value) {
        if (value.signum() == 0) {
            return "0";
        }
        // Round through double first: Go formats the float64 it parsed, not the literal.
        BigDecimal shortest = new BigDecimal(Double.toString(value.doubleValue())).stripTrailingZeros();
        String digits = shortest.unscaledValue().abs().toString();
        int exponent = digits.length() - 1 - shortest.scale();
        String sign = shortest.signum() < 0 ? "-" : "";
        if (exponent < EXPONENT_BELOW || exponent >= EXPONENT_FROM) {
            String mantissa = digits.length() == 1 ? digits : digits.charAt(0) + "." + digits.substring(1);
            int magnitude = Math.abs(exponent);
            return sign + mantissa + "e" + (exponent < 0 ? "-" : "+") + (magnitude < 10 ? "0" : "") + magnitude;
        }
        return shortest.toPlainString();
    }
}
