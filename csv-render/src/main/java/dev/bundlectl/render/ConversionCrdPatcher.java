package dev.bundlectl.render;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.bundle.Manifest;
import dev.bundlectl.bundle.kinds.GroupKind;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Points the bundle's CRDs at their conversion webhook, as OLM does for a {@code ConversionWebhook}
 * definition: {@code spec.conversion} becomes a webhook conversion through the deployment's
 * Service (the definition's path and port, its {@code admissionReviewVersions} as the
 * conversion review versions), and the certificate provider is asked to fill its
 * {@code caBundle}. Like OLM, only an operator that watches all namespaces may convert: a CRD is
 * cluster-wide, so one webhook must serve every namespace.
 */
final class ConversionCrdPatcher {

    private static final String CRD_V1 = "apiextensions.k8s.io/v1";
    private static final String DEFAULT_PATH = "/";

    private ConversionCrdPatcher() {
    }

    /** The patched CRD bodies by name; problems for whatever cannot be patched. */
    static Map<String, ObjectNode> patch(RenderContext context, List<Manifest> bundleManifests,
            Map<String, ServingEndpoint> endpoints, CertificateSupport certificates, RenderProblems problems) {
        Map<String, Manifest> crds = new LinkedHashMap<>();
        for (Manifest manifest : bundleManifests) {
            if (GroupKind.CUSTOM_RESOURCE_DEFINITION.hasKind(manifest.kind())) {
                crds.putIfAbsent(manifest.name(), manifest);
            }
        }
        Map<String, ObjectNode> patched = new LinkedHashMap<>();
        Map<String, String> patchedBy = new LinkedHashMap<>();
        for (WebhookDefinition webhook : context.csv().webhooks()) {
            ServingEndpoint endpoint = endpoints.get(webhook.deploymentName());
            if (webhook.type() != WebhookDefinition.Type.CONVERSION || endpoint == null) {
                continue;
            }
            if (!context.mode().allNamespaces()) {
                problems.add(webhook.field(), "conversion webhook " + webhook.generateName() + " needs install mode"
                        + " AllNamespaces (a CRD is cluster-wide, so its converter must serve every namespace);"
                        + " the install mode is " + context.mode().describe());
                continue;
            }
            for (int i = 0; i < webhook.conversionCrds().size(); i++) {
                String crdName = webhook.conversionCrds().get(i);
                String field = webhook.field() + ".conversionCRDs[" + i + "]";
                Manifest crd = crds.get(crdName);
                if (crd == null) {
                    problems.add(field, "CRD " + crdName + " is not in the bundle, so its conversion webhook"
                            + " cannot be set");
                } else if (!CRD_V1.equals(crd.apiVersion())) {
                    problems.add(field, "CRD " + crdName + " is " + crd.apiVersion() + "; only " + CRD_V1
                            + " CRDs can be given a conversion webhook");
                } else if (patchedBy.containsKey(crdName)) {
                    problems.add(field, "CRD " + crdName + " is already converted by webhook "
                            + patchedBy.get(crdName));
                } else {
                    patchedBy.put(crdName, webhook.generateName());
                    patched.put(crdName, patched(crd.body(), context, webhook, endpoint, certificates));
                }
            }
        }
        return patched;
    }

    private static ObjectNode patched(ObjectNode original, RenderContext context, WebhookDefinition webhook,
            ServingEndpoint endpoint, CertificateSupport certificates) {
        ObjectNode crd = original.deepCopy();
        JsonNode existing = original.path("spec").path("conversion").path("webhook");
        ObjectNode conversion = Json.object();
        conversion.put("strategy", "Webhook");
        ObjectNode hook = conversion.putObject("webhook");
        ObjectNode service = hook.putObject("clientConfig").putObject("service");
        service.put("namespace", context.operatorNamespace());
        service.put("name", endpoint.serviceName());
        String path = webhook.path() != null ? webhook.path()
                : existing.path("clientConfig").path("service").path("path").asText(DEFAULT_PATH);
        service.put("path", path);
        service.put("port", webhook.containerPort());
        JsonNode versions = webhook.raw().path("admissionReviewVersions");
        if (versions.isEmpty()) {
            versions = existing.path("conversionReviewVersions");
        }
        if (versions.isEmpty()) {
            hook.putArray("conversionReviewVersions").add("v1");
        } else {
            hook.set("conversionReviewVersions", versions.deepCopy());
        }
        Json.child(crd, "spec").set("conversion", conversion);
        certificates.annotateCaConsumer(Json.child(Json.child(crd, "metadata"), "annotations"), endpoint, context);
        return crd;
    }
}
