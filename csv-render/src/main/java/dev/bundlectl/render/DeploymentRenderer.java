package dev.bundlectl.render;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The operator's Deployments, as OLM creates them from {@code spec.install.spec.deployments}: the
 * entry's name and spec, its {@code label} map as the Deployment's labels, and OLM's
 * {@code olm.targetNamespaces} and {@code olm.operatorNamespace} annotations on the pod template,
 * which operators read through the downward API to learn what to watch. The target namespaces
 * also go on the Deployment itself, so that users can see the install mode on the object. A
 * deployment that serves webhooks mounts its serving certificate ({@link ServingCertMounts}).
 */
final class DeploymentRenderer {

    /** OLM's pod-template annotation with the watched namespaces, comma-separated ({@code ""} for all). */
    static final String TARGET_NAMESPACES = "olm.targetNamespaces";
    /** OLM's pod-template annotation with the operator's namespace. */
    static final String OPERATOR_NAMESPACE = "olm.operatorNamespace";

    private DeploymentRenderer() {
    }

    /**
     * @param servingSecrets the serving-certificate Secret of each deployment that serves webhooks
     */
    static List<RenderedObject> render(RenderContext context, Map<String, String> servingSecrets) {
        List<RenderedObject> deployments = new ArrayList<>();
        String targets = context.mode().targetNamespacesAnnotation();
        for (StrategyDeployment deployment : context.csv().deployments()) {
            ObjectNode body = context.start("apps/v1", "Deployment", deployment.name(), context.operatorNamespace(),
                    deployment.labels());
            Json.child((ObjectNode) body.get("metadata"), "annotations").put(TARGET_NAMESPACES, targets);
            ObjectNode spec = deployment.spec().deepCopy();
            ObjectNode template = Json.child(spec, "template");
            ObjectNode podAnnotations = Json.child(Json.child(template, "metadata"), "annotations");
            podAnnotations.put(TARGET_NAMESPACES, targets);
            podAnnotations.put(OPERATOR_NAMESPACE, context.operatorNamespace());
            String secret = servingSecrets.get(deployment.name());
            if (secret != null) {
                ServingCertMounts.add(Json.child(template, "spec"), secret);
            }
            body.set("spec", spec);
            deployments.add(new RenderedObject(body, context.operatorNamespace()));
        }
        return deployments;
    }
}
