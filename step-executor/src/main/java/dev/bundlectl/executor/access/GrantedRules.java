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

    /**
     * Whether {@code rules} together allow everything {@code rule} allows, as the API server judges
     * whether a creator holds a role's rules: each group, resource, verb and name of the rule (or
     * each URL and verb of a non-resource rule) allowed by one of them.
     */
    static boolean cover(List<JsonNode> rules, JsonNode rule) {
        if (rule.has("nonResourceURLs")) {
            for (JsonNode url : rule.path("nonResourceURLs")) {
                for (JsonNode verb : rule.path("verbs")) {
                    if (rules.stream().noneMatch(other -> urls(other.path("nonResourceURLs"), url.asText())
                            && lists(other.path("verbs"), verb.asText()))) {
                        return false;
                    }
                }
            }
            return true;
        }
        List<String> names = new java.util.ArrayList<>();
        rule.path("resourceNames").forEach(name -> names.add(name.asText()));
        if (names.isEmpty()) {
            names.add(null);
        }
        for (JsonNode group : rule.path("apiGroups")) {
            for (JsonNode resource : rule.path("resources")) {
                for (JsonNode verb : rule.path("verbs")) {
                    for (String name : names) {
                        if (!allow(rules, new AccessRequest(verb.asText(), group.asText(), resource.asText(), null, name))) {
                            return false;
                        }
                    }
                }
            }
        }
        return true;
    }

    /** A non-resource rule's URLs: listed, {@code *}, or a prefix ending in {@code *}. */
    private static boolean urls(JsonNode values, String wanted) {
        for (JsonNode value : values) {
            String url = value.asText();
            if (url.equals(wanted) || url.endsWith("*") && wanted.startsWith(url.substring(0, url.length() - 1))) {
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
