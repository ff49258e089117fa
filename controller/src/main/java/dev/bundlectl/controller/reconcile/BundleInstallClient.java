package dev.bundlectl.controller.reconcile;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.bundlectl.bundle.yaml.Mappers;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.controller.api.BundleInstallKind;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.NonNamespaceOperation;
import io.fabric8.kubernetes.client.dsl.Resource;
import io.fabric8.kubernetes.api.model.GenericKubernetesResourceList;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Reads and writes BundleInstall objects. Every write carries the {@code resourceVersion} it was
 * based on, so a write made from a stale view (another replica's, or before a spec change) is refused
 * with 409 instead of overwriting newer state; the caller then reconciles again from a fresh read.
 */
public final class BundleInstallClient {

    private static final ObjectMapper JSON = Mappers.json();
    private final KubernetesClient client;

    /** @param client fabric8's client for the cluster */
    public BundleInstallClient(KubernetesClient client) {
        this.client = client;
    }

    /** The object now, or empty when it is gone. */
    public Optional<JsonNode> get(String namespace, String name) {
        GenericKubernetesResource resource = objects(namespace).withName(name).get();
        return Optional.ofNullable(resource).map(r -> (JsonNode) JSON.valueToTree(r));
    }

    /** Adds the uninstall finalizer; returns the object as stored. */
    public JsonNode addFinalizer(JsonNode object) {
        return updateFinalizers(object, true);
    }

    /** Removes the uninstall finalizer, letting the delete finish. */
    public void removeFinalizer(JsonNode object) {
        updateFinalizers(object, false);
    }

    /** Replaces {@code status} through the status subresource; returns the object as stored. */
    public JsonNode writeStatus(JsonNode object, ObjectNode status) {
        ObjectNode updated = object.deepCopy();
        updated.set("status", status);
        GenericKubernetesResource resource = JSON.convertValue(updated, GenericKubernetesResource.class);
        GenericKubernetesResource stored = objects(namespace(object)).resource(resource).updateStatus();
        return JSON.valueToTree(stored);
    }

    /** Whether the API server refused a write because the object changed since it was read. */
    public static boolean isConflict(KubernetesClientException e) {
        return e.getCode() == 409;
    }

    private JsonNode updateFinalizers(JsonNode object, boolean present) {
        ObjectNode updated = object.deepCopy();
        ObjectNode metadata = (ObjectNode) updated.get("metadata");
        List<String> finalizers = new ArrayList<>();
        metadata.path("finalizers").forEach(f -> finalizers.add(f.asText()));
        finalizers.remove(BundleInstallKind.FINALIZER);
        if (present) {
            finalizers.add(BundleInstallKind.FINALIZER);
        }
        metadata.set("finalizers", JSON.valueToTree(finalizers));
        GenericKubernetesResource resource = JSON.convertValue(updated, GenericKubernetesResource.class);
        // update() is a PUT with the resourceVersion we read: a concurrent change gives 409, not a lost write.
        GenericKubernetesResource stored = objects(namespace(object)).resource(resource).update();
        return JSON.valueToTree(stored);
    }

    private NonNamespaceOperation<GenericKubernetesResource, GenericKubernetesResourceList,
            Resource<GenericKubernetesResource>> objects(String namespace) {
        return client.genericKubernetesResources(BundleInstallKind.context()).inNamespace(namespace);
    }

    private static String namespace(JsonNode object) {
        return object.path("metadata").path("namespace").asText();
    }
}
