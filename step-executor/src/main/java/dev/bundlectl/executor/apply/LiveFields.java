package dev.bundlectl.executor.apply;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;

/**
 * Fields that the cluster fills in after creation and that an update must keep: replacing a
 * Service without its {@code clusterIP} is rejected as a change of an immutable field, and
 * replacing a ServiceAccount without the pull secrets OpenShift added to it would break image
 * pulls until they are added again. Copied only when the manifest does not set them itself.
 */
final class LiveFields {

    private static final Map<String, List<String[]>> CORE_FIELDS = Map.of(
            "Service", List.of(new String[] {"spec", "clusterIP"}, new String[] {"spec", "clusterIPs"}),
            "ServiceAccount", List.of(new String[] {"secrets"}, new String[] {"imagePullSecrets"}));

    private LiveFields() {
    }

    /** Copies the kind's cluster-assigned fields from {@code live} into {@code desired}. */
    static void carryOver(String group, String kind, ObjectNode desired, ObjectNode live) {
        if (!group.isEmpty()) {
            return;
        }
        for (String[] path : CORE_FIELDS.getOrDefault(kind, List.of())) {
            copyIfAbsent(path, desired, live);
        }
    }

    private static void copyIfAbsent(String[] path, ObjectNode desired, ObjectNode live) {
        JsonNode from = live;
        for (String segment : path) {
            from = from.path(segment);
        }
        if (from.isMissingNode() || from.isNull()) {
            return;
        }
        ObjectNode to = desired;
        for (int i = 0; i < path.length - 1; i++) {
            JsonNode next = to.get(path[i]);
            if (next != null && !next.isObject()) {
                return;
            }
            to = next == null ? to.putObject(path[i]) : (ObjectNode) next;
        }
        String last = path[path.length - 1];
        if (!to.has(last) || to.get(last).isNull()) {
            to.set(last, from.deepCopy());
        }
    }
}
