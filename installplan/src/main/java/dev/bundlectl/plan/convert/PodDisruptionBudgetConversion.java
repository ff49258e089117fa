package dev.bundlectl.plan.convert;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * {@code policy/v1beta1} to {@code policy/v1} PodDisruptionBudget. The fields are the same, but an
 * empty {@code spec.selector} ({@code {}}) selects no pod in v1beta1 and every pod of the namespace
 * in v1. Kubernetes keeps the v1beta1 meaning across versions with a selector that requires the
 * label {@value #V1BETA1_LABEL} to exist (which no pod carries), so an empty v1beta1 selector
 * becomes that selector; and the v1beta1 form of "match all" (that label must not exist) becomes
 * v1's empty selector. A missing selector stays missing.
 */
final class PodDisruptionBudgetConversion implements ObjectConversion {

    /** The label Kubernetes' PDB conversion uses to carry v1beta1's selector meaning into v1. */
    static final String V1BETA1_LABEL = "pdb.kubernetes.io/deprecated-v1beta1-empty-selector-match";

    @Override
    public ConversionResult convert(ObjectNode body, String newApiVersion) {
        ObjectNode converted = body.deepCopy();
        converted.put("apiVersion", newApiVersion);
        JsonNode spec = converted.get("spec");
        if (spec instanceof ObjectNode specNode && specNode.get("selector") instanceof ObjectNode selector) {
            if (isEmpty(selector)) {
                specNode.set("selector", matchNone(converted));
            } else if (isV1beta1MatchAll(selector)) {
                specNode.set("selector", converted.objectNode());
            }
        }
        return new ConversionResult.Converted(converted);
    }

    private static boolean isEmpty(ObjectNode selector) {
        return selector.path("matchLabels").isEmpty() && selector.path("matchExpressions").isEmpty();
    }

    private static boolean isV1beta1MatchAll(ObjectNode selector) {
        JsonNode expressions = selector.path("matchExpressions");
        return selector.path("matchLabels").isEmpty() && expressions.size() == 1
                && V1BETA1_LABEL.equals(expressions.get(0).path("key").asText())
                && "DoesNotExist".equals(expressions.get(0).path("operator").asText());
    }

    private static ObjectNode matchNone(ObjectNode factory) {
        ObjectNode selector = factory.objectNode();
        ArrayNode expressions = selector.putArray("matchExpressions");
        expressions.addObject().put("key", V1BETA1_LABEL).put("operator", "Exists");
        return selector;
    }
}
