package dev.bundlectl.controller.approve;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.bundlectl.bundle.yaml.Mappers;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.controller.api.BundleInstallKind;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;

/**
 * {@code bundlectl approve}: sets {@code spec.approvedPlan} to the plan digest a person reviewed. The
 * write carries the resourceVersion that was read, so if the controller replaced the plan in between,
 * the approval is refused instead of approving a plan nobody saw.
 */
public final class PlanApprover {

    private static final ObjectMapper JSON = Mappers.json();
    private final KubernetesClient client;

    /** @param client fabric8's client */
    public PlanApprover(KubernetesClient client) {
        this.client = client;
    }

    /**
     * Approves the current plan of {@code namespace/name}.
     *
     * @param reviewedDigest the digest the person reviewed ({@code --plan-digest}), or null to approve
     *     the current plan as shown now
     * @return the digest approved
     * @throws ApprovalRefusedException with a one-line reason
     */
    public String approve(String namespace, String name, String reviewedDigest) {
        GenericKubernetesResource found = client.genericKubernetesResources(BundleInstallKind.context())
                .inNamespace(namespace).withName(name).get();
        if (found == null) {
            throw new ApprovalRefusedException("no BundleInstall \"" + name + "\" in namespace " + namespace);
        }
        ObjectNode object = JSON.valueToTree(found);
        JsonNode status = object.path("status");
        String current = status.path("planDigest").asText(null);
        if (current == null) {
            throw new ApprovalRefusedException(namespace + "/" + name + " has no plan yet; wait for status.planDigest");
        }
        if (reviewedDigest != null && !reviewedDigest.equals(current)) {
            throw new ApprovalRefusedException("the plan changed since it was reviewed: reviewed " + reviewedDigest
                    + ", current " + current + " (review it again with: bundlectl status -n " + namespace + " " + name + ")");
        }
        if (current.equals(object.path("spec").path("approvedPlan").asText(null))) {
            return current;
        }
        if (!"RequiresApproval".equals(status.path("phase").asText())) {
            throw new ApprovalRefusedException(namespace + "/" + name + " is " + status.path("phase").asText("not planned")
                    + ", not waiting for approval");
        }
        ((ObjectNode) object.path("spec")).put("approvedPlan", current);
        try {
            client.genericKubernetesResources(BundleInstallKind.context()).inNamespace(namespace)
                    .resource(JSON.convertValue(object, GenericKubernetesResource.class)).update();
        } catch (KubernetesClientException e) {
            if (e.getCode() == 409) {
                throw new ApprovalRefusedException(namespace + "/" + name
                        + " changed while approving (its plan may be new); look again and approve again");
            }
            throw e;
        }
        return current;
    }
}
