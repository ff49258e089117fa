package dev.bundlectl.render;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * One entry of the CSV's {@code spec.webhookdefinitions} (OLM's {@code WebhookDescription}).
 *
 * @param index the position in the list, for field paths
 * @param raw the entry as written (read-only); the webhook's own fields are copied from it
 * @param generateName the webhook's name
 * @param type validating, mutating or conversion
 * @param deploymentName the CSV deployment that serves it
 * @param containerPort the Service port (OLM's default 443)
 * @param targetPort the container port or port name behind it (OLM's default: the same number)
 * @param conversionCrds for a conversion webhook, the CRDs it converts
 */
record WebhookDefinition(int index, ObjectNode raw, String generateName, Type type, String deploymentName,
        int containerPort, JsonNode targetPort, List<String> conversionCrds) {

    /** OLM's default webhook port. */
    static final int DEFAULT_PORT = 443;

    WebhookDefinition {
        conversionCrds = List.copyOf(conversionCrds);
        targetPort = targetPort == null ? IntNode.valueOf(containerPort) : targetPort;
    }

    String field() {
        return "spec.webhookdefinitions[" + index + "]";
    }

    /** {@code webhookPath}, or null. */
    String path() {
        return Json.text(raw, "webhookPath");
    }

    /** The kinds of webhook OLM knows. */
    enum Type {
        VALIDATING("ValidatingAdmissionWebhook", "ValidatingWebhookConfiguration"),
        MUTATING("MutatingAdmissionWebhook", "MutatingWebhookConfiguration"),
        CONVERSION("ConversionWebhook", null);

        private final String wireName;
        private final String configurationKind;

        Type(String wireName, String configurationKind) {
            this.wireName = wireName;
            this.configurationKind = configurationKind;
        }

        String wireName() {
            return wireName;
        }

        /** The admissionregistration kind that holds it; null for conversion webhooks. */
        String configurationKind() {
            return configurationKind;
        }

        static Optional<Type> fromWireName(String value) {
            return Arrays.stream(values()).filter(type -> type.wireName.equals(value)).findFirst();
        }
    }
}
