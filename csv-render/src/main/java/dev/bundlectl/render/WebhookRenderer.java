package dev.bundlectl.render;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * The webhook objects OLM creates from {@code spec.webhookdefinitions}: a Service per serving
 * deployment and, for each admission webhook, a Validating- or MutatingWebhookConfiguration
 * holding that one webhook (OLM's {@code GetValidatingWebhook}/{@code GetMutatingWebhook}). In
 * every install mode but AllNamespaces the webhook only sees the target namespaces: OLM selects
 * them by its OperatorGroup label, rendering selects them by {@code kubernetes.io/metadata.name}.
 */
final class WebhookRenderer {

    private static final String ADMISSION_API = "admissionregistration.k8s.io/v1";
    private static final String NAMESPACE_NAME_LABEL = "kubernetes.io/metadata.name";
    /** Fields copied as written from the webhook definition into the webhook. */
    private static final List<String> COPIED = List.of("rules", "failurePolicy", "matchPolicy", "objectSelector",
            "sideEffects", "timeoutSeconds", "admissionReviewVersions");

    private WebhookRenderer() {
    }

    /** Checks what the API server would reject later, so that the user hears of it before anything is applied. */
    static void check(CsvSpec csv, RenderProblems problems) {
        for (WebhookDefinition webhook : csv.webhooks()) {
            if (webhook.type() == WebhookDefinition.Type.CONVERSION) {
                continue;
            }
            if (Json.text(webhook.raw(), "sideEffects") == null) {
                problems.add(webhook.field() + ".sideEffects", "missing: admissionregistration.k8s.io/v1 needs it"
                        + " (None or NoneOnDryRun)");
            }
            if (webhook.raw().path("admissionReviewVersions").isEmpty()) {
                problems.add(webhook.field() + ".admissionReviewVersions", "missing: admissionregistration.k8s.io/v1"
                        + " needs at least one version (v1)");
            }
        }
    }

    static List<RenderedObject> services(RenderContext context, Collection<ServingEndpoint> endpoints,
            CertificateSupport certificates) {
        List<RenderedObject> services = new ArrayList<>();
        for (ServingEndpoint endpoint : endpoints) {
            services.add(context.namespaced("v1", "Service", endpoint.serviceName(), body -> {
                ObjectNode annotations = Json.object();
                certificates.annotateService(annotations, endpoint);
                if (!annotations.isEmpty()) {
                    ((ObjectNode) body.get("metadata")).set("annotations", annotations);
                }
                ObjectNode spec = body.putObject("spec");
                spec.set("selector", Json.strings(endpoint.selector()));
                spec.putArray("ports").addAll(endpoint.ports().stream().map(ObjectNode::deepCopy).toList());
            }));
        }
        return services;
    }

    static List<RenderedObject> configurations(RenderContext context, Map<String, ServingEndpoint> endpoints,
            CertificateSupport certificates) {
        List<RenderedObject> configurations = new ArrayList<>();
        for (WebhookDefinition webhook : context.csv().webhooks()) {
            String kind = webhook.type().configurationKind();
            ServingEndpoint endpoint = endpoints.get(webhook.deploymentName());
            if (kind == null || endpoint == null) {
                continue;
            }
            String name = RenderNames.webhookConfiguration(webhook.generateName(), context.operatorNamespace());
            configurations.add(context.clusterScoped(ADMISSION_API, kind, name, body -> {
                ObjectNode annotations = ((ObjectNode) body.get("metadata")).putObject("annotations");
                certificates.annotateCaConsumer(annotations, endpoint, context);
                body.putArray("webhooks").add(webhook(context, webhook, endpoint));
            }));
        }
        return configurations;
    }

    private static ObjectNode webhook(RenderContext context, WebhookDefinition definition, ServingEndpoint endpoint) {
        ObjectNode webhook = Json.object();
        webhook.put("name", definition.generateName());
        ObjectNode service = webhook.putObject("clientConfig").putObject("service");
        service.put("namespace", context.operatorNamespace());
        service.put("name", endpoint.serviceName());
        if (definition.path() != null) {
            service.put("path", definition.path());
        }
        service.put("port", definition.containerPort());
        for (String field : COPIED) {
            copy(definition.raw(), webhook, field);
        }
        if (definition.type() == WebhookDefinition.Type.MUTATING) {
            copy(definition.raw(), webhook, "reinvocationPolicy");
        }
        if (!context.mode().allNamespaces()) {
            ObjectNode expression = webhook.putObject("namespaceSelector").putArray("matchExpressions").addObject();
            expression.put("key", NAMESPACE_NAME_LABEL);
            expression.put("operator", "In");
            expression.set("values", Json.strings(context.mode().targetNamespaces()));
        }
        return webhook;
    }

    private static void copy(ObjectNode from, ObjectNode to, String field) {
        JsonNode value = from.get(field);
        if (value != null && !value.isNull()) {
            to.set(field, value.deepCopy());
        }
    }
}
