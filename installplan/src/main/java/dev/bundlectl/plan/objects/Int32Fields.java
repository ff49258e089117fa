package dev.bundlectl.plan.objects;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.bundle.kinds.GroupKind;
import dev.bundlectl.crdschema.FieldError;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The int32 fields of the objects bundlectl renders from a CSV whose values come from the CSV
 * ({@code --csv-mode render}): a Deployment's {@code spec.replicas} and its siblings. The server
 * cannot decode a string or an out-of-range number into such a field, so the object is refused
 * before any write, naming the field. Long values are shortened in the message.
 */
final class Int32Fields {

    private static final Map<GroupKind, List<String>> FIELDS_BY_KIND = Map.of(
            GroupKind.DEPLOYMENT, List.of("replicas", "minReadySeconds", "revisionHistoryLimit", "progressDeadlineSeconds"));
    private static final BigInteger MIN = BigInteger.valueOf(Integer.MIN_VALUE);
    private static final BigInteger MAX = BigInteger.valueOf(Integer.MAX_VALUE);
    private static final int SHOWN_CHARACTERS = 40;

    private Int32Fields() {
    }

    static List<FieldError> problems(String group, String kind, JsonNode object) {
        List<String> fields = FIELDS_BY_KIND.getOrDefault(new GroupKind(group, kind), List.of());
        List<FieldError> problems = new ArrayList<>();
        for (String field : fields) {
            JsonNode value = object.path("spec").path(field);
            if (value.isMissingNode() || value.isNull() || fits(value)) {
                continue;
            }
            problems.add(new FieldError("spec." + field, "Invalid value", shown(value),
                    (value.isNumber() ? "" : JsonKinds.describe(value) + ", ")
                            + "must be an integer from " + MIN + " to " + MAX + " (int32)"));
        }
        return problems;
    }

    private static boolean fits(JsonNode value) {
        if (!value.isIntegralNumber()) {
            return false;
        }
        BigInteger number = value.bigIntegerValue();
        return number.compareTo(MIN) >= 0 && number.compareTo(MAX) <= 0;
    }

    /** The value as it is written, cut short: a 100,000-digit number helps nobody in a message. */
    private static String shown(JsonNode value) {
        String text = value.isTextual() ? value.asText() : value.toString();
        String cut = text.length() <= SHOWN_CHARACTERS ? text
                : text.substring(0, SHOWN_CHARACTERS) + "… (" + text.length() + " characters)";
        return value.isTextual() ? "\"" + cut + "\"" : cut;
    }
}
