package dev.bundlectl.executor.uninstall;

import dev.bundlectl.executor.records.CreatedObject;
import dev.bundlectl.executor.records.ObjectRef;
import io.fabric8.kubernetes.api.model.APIResource;
import io.fabric8.kubernetes.api.model.APIResourceList;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.KubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Finds the API resource an object is served through. fabric8 cannot address a kind it has no
 * class for without this, and an unserved API must read as "gone", not as a client error.
 * One locator serves one uninstall: it caches discovery answers and is not thread-safe.
 */
final class ResourceLocator {

    private final KubernetesClient client;
    private final Map<String, Optional<ResourceDefinitionContext>> discovered = new HashMap<>();

    ResourceLocator(KubernetesClient client) {
        this.client = client;
    }

    /**
     * The resource of an object: the one recorded at creation, else one fabric8 has a class for,
     * else the one discovery names. Empty when the API no longer serves the kind, which means no
     * object of it can exist.
     *
     * @throws io.fabric8.kubernetes.client.KubernetesClientException if discovery fails
     */
    Optional<ResourceDefinitionContext> locate(CreatedObject owned) {
        ObjectRef ref = owned.object();
        if (owned.resource() != null && !owned.resource().isBlank()) {
            return Optional.of(new ResourceDefinitionContext.Builder()
                    .withGroup(ref.group())
                    .withVersion(ref.version())
                    .withKind(ref.kind())
                    .withPlural(owned.resource())
                    .withNamespaced(ref.namespace() != null)
                    .build());
        }
        return discovered.computeIfAbsent(ref.apiVersion() + "#" + ref.kind(), key -> lookUp(ref));
    }

    private Optional<ResourceDefinitionContext> lookUp(ObjectRef ref) {
        Class<? extends KubernetesResource> known =
                client.getKubernetesSerialization().getRegisteredKubernetesResource(ref.apiVersion(), ref.kind());
        if (known != null && HasMetadata.class.isAssignableFrom(known)) {
            return Optional.of(ResourceDefinitionContext.fromResourceType(known));
        }
        APIResourceList served = client.getApiResources(ref.apiVersion());
        if (served == null || served.getResources() == null) {
            return Optional.empty();
        }
        for (APIResource resource : served.getResources()) {
            // Subresources such as "widgets/status" share the kind; the top-level resource has no slash.
            if (ref.kind().equals(resource.getKind()) && !resource.getName().contains("/")) {
                return Optional.of(ResourceDefinitionContext.fromApiResource(ref.apiVersion(), resource));
            }
        }
        return Optional.empty();
    }
}
