package dev.bundlectl.plan.config;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.crdschema.FieldError;
import dev.bundlectl.plan.objects.NameChecks;
import java.util.List;
import java.util.Set;

/**
 * Where the operator's pods may run, checked as the API server checks a pod spec (its
 * {@code ValidateTolerations}, {@code ValidateNodeSelector}, {@code validateAffinity} and
 * metav1's {@code ValidateLabelSelector}), with its messages: {@code nodeSelector},
 * {@code tolerations}, {@code affinity}, and the {@code selector} that OLM takes but never reads.
 */
final class SchedulingChecks {

    private static final Set<String> EFFECTS = Set.of("NoSchedule", "PreferNoSchedule", "NoExecute");
    private static final String NO_EXECUTE = "NoExecute";

    private SchedulingChecks() {
    }

    /** {@code nodeSelector}: label keys and values. */
    static void nodeSelector(JsonNode nodeSelector, String path, List<FieldError> problems) {
        labels(nodeSelector, path, problems);
    }

    /** A label map ({@code ValidateLabels}): each key a qualified name, each value a label value. */
    static void labels(JsonNode labels, String path, List<FieldError> problems) {
        labels.fields().forEachRemaining(label -> {
            for (String message : NameChecks.qualifiedName(label.getKey())) {
                problems.add(FieldErrors.invalid(path, label.getKey(), message));
            }
            for (String message : NameChecks.labelValue(label.getValue().asText())) {
                problems.add(FieldErrors.invalid(path, label.getValue().asText(), message));
            }
        });
    }

    /** {@code tolerations}, as {@code ValidateTolerations} checks them (Kubernetes 1.34: Equal and Exists). */
    static void tolerations(JsonNode tolerations, String path, List<FieldError> problems) {
        for (int i = 0; i < tolerations.size(); i++) {
            JsonNode toleration = tolerations.get(i);
            String at = path + "[" + i + "]";
            String key = toleration.path("key").asText("");
            String operator = toleration.path("operator").asText("");
            String value = toleration.path("value").asText("");
            String effect = toleration.path("effect").asText("");
            if (!key.isEmpty()) {
                NameChecks.qualifiedName(key).forEach(m -> problems.add(FieldErrors.invalid(at + ".key", key, m)));
            }
            if (key.isEmpty() && !operator.equals("Exists")) {
                problems.add(FieldErrors.invalid(at + ".operator", operator, "operator must be Exists when `key` is "
                        + "empty, which means \"match all values and all keys\""));
            }
            if (toleration.hasNonNull("tolerationSeconds") && !effect.equals(NO_EXECUTE)) {
                problems.add(FieldErrors.invalid(at + ".effect", effect,
                        "effect must be 'NoExecute' when `tolerationSeconds` is set"));
            }
            if (operator.isEmpty() || operator.equals("Equal")) {
                NameChecks.labelValue(value).forEach(m -> problems.add(FieldErrors.invalid(at + ".operator", value, m)));
            } else if (operator.equals("Exists")) {
                if (!value.isEmpty()) {
                    problems.add(FieldErrors.invalid(at + ".operator", toleration,
                            "value must be empty when `operator` is 'Exists'"));
                }
            } else {
                problems.add(FieldErrors.notSupported(at + ".operator", operator, "Equal", "Exists"));
            }
            if (!effect.isEmpty() && !EFFECTS.contains(effect)) {
                problems.add(FieldErrors.notSupported(at + ".effect", effect, "NoSchedule", "PreferNoSchedule",
                        NO_EXECUTE));
            }
        }
    }

    /** {@code affinity}: node affinity, pod affinity and pod anti-affinity, as {@code validateAffinity}. */
    static void affinity(JsonNode affinity, String path, List<FieldError> problems) {
        JsonNode node = affinity.path("nodeAffinity");
        JsonNode required = node.path("requiredDuringSchedulingIgnoredDuringExecution");
        if (required.isObject()) {
            String at = path + ".nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution";
            JsonNode terms = required.path("nodeSelectorTerms");
            if (terms.isEmpty()) {
                problems.add(FieldErrors.required(at + ".nodeSelectorTerms", "must have at least one node selector term"));
            }
            for (int i = 0; i < terms.size(); i++) {
                nodeSelectorTerm(terms.get(i), at + ".nodeSelectorTerms[" + i + "]", problems);
            }
        }
        JsonNode preferred = node.path("preferredDuringSchedulingIgnoredDuringExecution");
        for (int i = 0; i < preferred.size(); i++) {
            String at = path + ".nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution[" + i + "]";
            weight(preferred.get(i), at, problems);
            nodeSelectorTerm(preferred.get(i).path("preference"), at + ".preference", problems);
        }
        for (String part : List.of("podAffinity", "podAntiAffinity")) {
            JsonNode pod = affinity.path(part);
            JsonNode requiredTerms = pod.path("requiredDuringSchedulingIgnoredDuringExecution");
            for (int i = 0; i < requiredTerms.size(); i++) {
                podAffinityTerm(requiredTerms.get(i),
                        path + "." + part + ".requiredDuringSchedulingIgnoredDuringExecution[" + i + "]", problems);
            }
            JsonNode preferredTerms = pod.path("preferredDuringSchedulingIgnoredDuringExecution");
            for (int i = 0; i < preferredTerms.size(); i++) {
                String at = path + "." + part + ".preferredDuringSchedulingIgnoredDuringExecution[" + i + "]";
                weight(preferredTerms.get(i), at, problems);
                podAffinityTerm(preferredTerms.get(i).path("podAffinityTerm"), at + ".podAffinityTerm", problems);
            }
        }
    }

    /** metav1's {@code ValidateLabelSelector}. */
    static void labelSelector(JsonNode selector, String path, List<FieldError> problems) {
        labels(selector.path("matchLabels"), path + ".matchLabels", problems);
        JsonNode expressions = selector.path("matchExpressions");
        for (int i = 0; i < expressions.size(); i++) {
            JsonNode expression = expressions.get(i);
            String at = path + ".matchExpressions[" + i + "]";
            operatorAndValues(expression, at, false, problems);
            String key = expression.path("key").asText("");
            NameChecks.qualifiedName(key).forEach(m -> problems.add(FieldErrors.invalid(at + ".key", key, m)));
            expression.path("values").forEach(value -> NameChecks.labelValue(value.asText())
                    .forEach(m -> problems.add(FieldErrors.invalid(at + ".values", value.asText(), m))));
        }
    }

    private static void nodeSelectorTerm(JsonNode term, String path, List<FieldError> problems) {
        JsonNode expressions = term.path("matchExpressions");
        for (int i = 0; i < expressions.size(); i++) {
            JsonNode requirement = expressions.get(i);
            String at = path + ".matchExpressions[" + i + "]";
            operatorAndValues(requirement, at, true, problems);
            String key = requirement.path("key").asText("");
            NameChecks.qualifiedName(key).forEach(m -> problems.add(FieldErrors.invalid(at + ".key", key, m)));
        }
        JsonNode fields = term.path("matchFields");
        for (int i = 0; i < fields.size(); i++) {
            JsonNode requirement = fields.get(i);
            String at = path + ".matchFields[" + i + "]";
            String key = requirement.path("key").asText("");
            if (!key.equals("metadata.name")) {
                problems.add(FieldErrors.notSupported(at + ".key", key, "metadata.name"));
            }
            String operator = requirement.path("operator").asText("");
            if (!operator.equals("In") && !operator.equals("NotIn")) {
                problems.add(FieldErrors.invalid(at + ".operator", operator, "not a valid selector operator"));
            } else if (requirement.path("values").size() != 1) {
                problems.add(FieldErrors.required(at + ".values",
                        "must be only one value when `operator` is 'In' or 'NotIn' for node field selector"));
            }
        }
    }

    /**
     * A requirement's operator and the values it takes: {@code In} and {@code NotIn} some,
     * {@code Exists} and {@code DoesNotExist} none, and, in a node selector only, {@code Gt} and
     * {@code Lt} exactly one ({@code ValidateNodeSelectorRequirement}, metav1's
     * {@code ValidateLabelSelectorRequirement}).
     */
    private static void operatorAndValues(JsonNode requirement, String at, boolean node, List<FieldError> problems) {
        String operator = requirement.path("operator").asText("");
        int values = requirement.path("values").size();
        switch (operator) {
            case "In", "NotIn" -> {
                if (values == 0) {
                    problems.add(FieldErrors.required(at + ".values",
                            "must be specified when `operator` is 'In' or 'NotIn'"));
                }
            }
            case "Exists", "DoesNotExist" -> {
                if (values > 0) {
                    problems.add(FieldErrors.forbidden(at + ".values",
                            "may not be specified when `operator` is 'Exists' or 'DoesNotExist'"));
                }
            }
            case "Gt", "Lt" -> {
                if (!node) {
                    problems.add(FieldErrors.invalid(at + ".operator", operator, "not a valid selector operator"));
                } else if (values != 1) {
                    problems.add(FieldErrors.required(at + ".values",
                            "must be specified single value when `operator` is 'Lt' or 'Gt'"));
                }
            }
            default -> problems.add(node ? FieldErrors.notSupported(at + ".operator", operator, "DoesNotExist",
                    "Exists", "Gt", "In", "Lt", "NotIn")
                    : FieldErrors.invalid(at + ".operator", operator, "not a valid selector operator"));
        }
    }

    private static void podAffinityTerm(JsonNode term, String path, List<FieldError> problems) {
        String topologyKey = term.path("topologyKey").asText("");
        if (topologyKey.isEmpty()) {
            problems.add(FieldErrors.required(path + ".topologyKey", "can not be empty"));
        } else {
            NameChecks.qualifiedName(topologyKey)
                    .forEach(m -> problems.add(FieldErrors.invalid(path + ".topologyKey", topologyKey, m)));
        }
        for (String selector : List.of("labelSelector", "namespaceSelector")) {
            if (term.path(selector).isObject()) {
                labelSelector(term.path(selector), path + "." + selector, problems);
            }
        }
        JsonNode namespaces = term.path("namespaces");
        for (int i = 0; i < namespaces.size(); i++) {
            String namespace = namespaces.get(i).asText();
            int index = i;
            NameChecks.dns1123Label(namespace).forEach(m -> problems.add(
                    FieldErrors.invalid(path + ".namespaces[" + index + "]", namespace, m)));
        }
    }

    private static void weight(JsonNode weighted, String path, List<FieldError> problems) {
        int weight = weighted.path("weight").asInt(0);
        if (weight < 1 || weight > 100) {
            problems.add(FieldErrors.invalid(path + ".weight", weighted.path("weight"), "must be in the range 1-100"));
        }
    }
}
