package dev.bundlectl.executor.diff;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Keeps a Secret's values out of a diff while still saying which keys changed, as helm-diff does:
 * each value of {@code data} and {@code stringData} becomes {@link #REDACTED}, and on the planned
 * side of an update a value that differs from the live one becomes {@link #CHANGED}, so the diff
 * shows {@code + password: (redacted; changed)} and never the value. The
 * {@code kubectl.kubernetes.io/last-applied-configuration} annotation, which holds a copy of the
 * values when the Secret was written by {@code kubectl apply}, is redacted the same way.
 */
public final class SecretValues {

    /** What a value is shown as. */
    public static final String REDACTED = "(redacted)";
    /** What a changed value is shown as on the planned side (no comma: YAML would quote it). */
    public static final String CHANGED = "(redacted; changed)";

    private static final List<String> VALUE_FIELDS = List.of("data", "stringData");
    private static final String LAST_APPLIED = "kubectl.kubernetes.io/last-applied-configuration";

    private SecretValues() {
    }

    /**
     * The two sides of an update of {@code subject}, redacted when it is a Secret (both given
     * objects are changed in place and returned).
     *
     * @return {@code [live, planned]}
     */
    static ObjectNode[] redactedPair(DiffSubject subject, ObjectNode live, ObjectNode planned) {
        if (subject.secret()) {
            for (String field : VALUE_FIELDS) {
                redactValues(live.get(field), planned.get(field));
            }
            redactLastApplied(live, planned);
        }
        return new ObjectNode[] {live, planned};
    }

    /** {@code object}, redacted when {@code subject} is a Secret (changed in place and returned). */
    static ObjectNode redacted(DiffSubject subject, ObjectNode object) {
        if (subject.secret()) {
            for (String field : VALUE_FIELDS) {
                redactValues(object.get(field), null);
            }
            redactLastApplied(object, null);
        }
        return object;
    }

    private static void redactValues(JsonNode live, JsonNode planned) {
        ObjectNode liveValues = live instanceof ObjectNode values ? values : null;
        ObjectNode plannedValues = planned instanceof ObjectNode values ? values : null;
        Set<String> keys = new LinkedHashSet<>();
        if (liveValues != null) {
            liveValues.fieldNames().forEachRemaining(keys::add);
        }
        if (plannedValues != null) {
            plannedValues.fieldNames().forEachRemaining(keys::add);
        }
        for (String key : keys) {
            JsonNode before = liveValues == null ? null : liveValues.get(key);
            JsonNode after = plannedValues == null ? null : plannedValues.get(key);
            if (before != null) {
                liveValues.put(key, REDACTED);
            }
            if (after != null) {
                plannedValues.put(key, before == null || before.equals(after) ? REDACTED : CHANGED);
            }
        }
    }

    private static void redactLastApplied(ObjectNode live, ObjectNode planned) {
        JsonNode before = annotation(live);
        JsonNode after = planned == null ? null : annotation(planned);
        if (before != null) {
            ((ObjectNode) live.get("metadata").get("annotations")).put(LAST_APPLIED, REDACTED);
        }
        if (after != null) {
            ((ObjectNode) planned.get("metadata").get("annotations")).put(LAST_APPLIED,
                    before == null || before.equals(after) ? REDACTED : CHANGED);
        }
    }

    private static JsonNode annotation(ObjectNode object) {
        JsonNode annotations = object.path("metadata").path("annotations");
        return annotations instanceof ObjectNode ? annotations.get(LAST_APPLIED) : null;
    }
}
