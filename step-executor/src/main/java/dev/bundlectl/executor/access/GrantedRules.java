package dev.bundlectl.executor.access;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * Whether rules a bundle grants (and its installer therefore holds) already allow a request, read
 * the way RBAC reads a PolicyRule: the group, the resource and the verb each listed or {@code *},
 * and, when the rule lists names, the request's name among them. Used only to leave redundant
 * rules out of the RBAC bundlectl writes; whether a request is allowed is always the API server's
 * answer (docs/semantics.md §7).
 */
final class GrantedRules {

    private GrantedRules() {
    }

    /** Whether one of {@code rules} allows {@code request}. */
    static boolean allow(List<JsonNode> rules, AccessRequest request) {
        for (JsonNode rule : rules) {
            if (lists(rule.path("apiGroups"), request.group()) && lists(rule.path("resources"), request.resource())
                    && lists(rule.path("verbs"), request.verb()) && names(rule.path("resourceNames"), request.name())) {
                return true;
            }
        }
        return false;
    }

    private static boolean lists(JsonNode values, String wanted) {
        for (JsonNode value : values) {
            if (value.asText().equals("*") || value.asText().equals(wanted)) {
                return true;
            }
        }
        return false;
    }

    /** A rule without names allows every name; one with names allows only those, never "any name". */
    private static boolean names(JsonNode names, String wanted) {
        if (!names.isArray() || names.isEmpty()) {
            return true;
        }
        return wanted != null && lists(names, wanted);
    }
}
