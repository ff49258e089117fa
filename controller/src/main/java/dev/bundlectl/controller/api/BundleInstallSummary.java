package dev.bundlectl.controller.api;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.bundle.yaml.Mappers;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * One BundleInstall as {@code bundlectl status} lists it.
 *
 * @param namespace its namespace
 * @param name its name
 * @param phase {@code status.phase}, or {@code -} before the controller saw it
 * @param approval {@code spec.approval}
 * @param planDigest {@code status.planDigest}, or null
 * @param message {@code status.message}, or null
 */
public record BundleInstallSummary(String namespace, String name, String phase, String approval, String planDigest,
        String message) {

    /**
     * The BundleInstalls of {@code namespace} (null: every namespace), sorted by namespace and name;
     * empty where the cluster does not serve the API, since then there are none.
     */
    public static List<BundleInstallSummary> list(KubernetesClient client, String namespace) {
        List<GenericKubernetesResource> items;
        try {
            var resources = client.genericKubernetesResources(BundleInstallKind.context());
            items = (namespace == null ? resources.inAnyNamespace().list() : resources.inNamespace(namespace).list())
                    .getItems();
        } catch (KubernetesClientException e) {
            if (e.getCode() == 404) {
                return List.of();
            }
            throw e;
        }
        List<BundleInstallSummary> summaries = new ArrayList<>();
        for (GenericKubernetesResource item : items) {
            JsonNode object = Mappers.json().valueToTree(item);
            JsonNode status = object.path("status");
            summaries.add(new BundleInstallSummary(item.getMetadata().getNamespace(), item.getMetadata().getName(),
                    status.path("phase").asText("-"), object.path("spec").path("approval").asText("Automatic"),
                    status.path("planDigest").asText(null), status.path("message").asText(null)));
        }
        summaries.sort(Comparator.comparing(BundleInstallSummary::namespace).thenComparing(BundleInstallSummary::name));
        return summaries;
    }
}
