package dev.bundlectl.cluster.discovery;

import dev.bundlectl.plan.api.ApiResource;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;

/**
 * Turns a discovered resource into fabric8's {@link ResourceDefinitionContext}, for code that uses
 * fabric8's generic DSL ({@code client.genericKubernetesResources(context)}). With a context built
 * from discovery, fabric8 sends the request and returns the server's real answer, instead of
 * failing on the client with code -1 for a kind it has no handler for.
 */
public final class ResourceContexts {

    private ResourceContexts() {
    }

    /** The context for one discovered resource. */
    public static ResourceDefinitionContext of(ApiResource resource) {
        return new ResourceDefinitionContext.Builder()
                .withGroup(resource.group())
                .withVersion(resource.version())
                .withKind(resource.kind())
                .withPlural(resource.plural())
                .withNamespaced(resource.namespaced())
                .build();
    }
}
