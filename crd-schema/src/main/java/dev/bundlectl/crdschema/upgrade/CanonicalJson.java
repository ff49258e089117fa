package dev.bundlectl.crdschema.upgrade;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * A JSON value as compact text that two equal values share: object keys sorted, numbers by value
 * ({@code 1}, {@code 1.0} and {@code 1e0} are all {@code 1}), as the API server's decoding makes
 * them equal. Values are compared and shown in this form.
 */
final class CanonicalJson {

    private CanonicalJson() {
    }

    static String of(JsonNode value) {
        StringBuilder text = new StringBuilder();
        write(value, text);
        return text.toString();
    }

    /** Each member of a JSON array in canonical form; empty for anything else. */
    static List<String> members(JsonNode array) {
        List<String> members = new ArrayList<>(array.size());
        for (JsonNode member : array) {
            members.add(of(member));
        }
        return members;
    }

    /** A list of canonical values as a JSON array. */
    static String list(List<String> members) {
        return "[" + String.join(",", members) + "]";
    }

    /** A number by value: integers as written, others without trailing zeros. */
    static String number(JsonNode number) {
        if (number.isIntegralNumber()) {
            return number.canConvertToLong() ? Long.toString(number.longValue()) : number.bigIntegerValue().toString();
        }
        java.math.BigDecimal decimal = number.decimalValue().stripTrailingZeros();
        return decimal.scale() <= 0 && decimal.precision() - decimal.scale() <= 19
                ? decimal.toBigInteger().toString() : decimal.toString();
    }

    private static void write(JsonNode value, StringBuilder text) {
        if (value.isObject()) {
            List<String> keys = new ArrayList<>(value.size());
            for (Iterator<String> names = value.fieldNames(); names.hasNext();) {
                keys.add(names.next());
            }
            keys.sort(null);
            text.append('{');
            for (int i = 0; i < keys.size(); i++) {
                if (i > 0) {
                    text.append(',');
                }
                text.append(TextNode.valueOf(keys.get(i))).append(':');
                write(value.get(keys.get(i)), text);
            }
            text.append('}');
        } else if (value.isArray()) {
            text.append('[');
            for (int i = 0; i < value.size(); i++) {
                if (i > 0) {
                    text.append(',');
                }
                write(value.get(i), text);
            }
            text.append(']');
        } else if (value.isNumber()) {
            text.append(number(value));
        } else {
            // Strings are escaped as JSON; true, false and null are written as they are.
            text.append(value);
        }
    }
}
