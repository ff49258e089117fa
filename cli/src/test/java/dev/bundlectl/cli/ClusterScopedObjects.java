package dev.bundlectl.cli;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The cluster-scoped objects a renamed sample's installs leave (ClusterRoles, ClusterRoleBindings,
 * CRDs), read by a real-server test to see what outlived whom.
 */
final class ClusterScopedObjects {

    private static final List<List<String>> KINDS = List.of(
            List.of("rbac.authorization.k8s.io/v1", "ClusterRole"),
            List.of("rbac.authorization.k8s.io/v1", "ClusterRoleBinding"),
            List.of("apiextensions.k8s.io/v1", "CustomResourceDefinition"));

    private ClusterScopedObjects() {
    }

    /** {@code Kind/name} to its annotations, for every such object whose name contains {@code prefix}. */
    static Map<String, Map<String, String>> named(KubernetesClient client, String prefix) {
        Map<String, Map<String, String>> found = new TreeMap<>();
        for (List<String> kind : KINDS) {
            for (GenericKubernetesResource object : client.genericKubernetesResources(kind.get(0), kind.get(1)).list()
                    .getItems()) {
                if (object.getMetadata().getName().contains(prefix)) {
                    Map<String, String> annotations = object.getMetadata().getAnnotations();
                    found.put(kind.get(1) + "/" + object.getMetadata().getName(),
                            annotations == null ? Map.of() : new TreeMap<>(annotations));
                }
            }
        }
        return found;
    }

    /** Those of {@link #named} that carry the mark of an install in {@code namespace}. */
    static Map<String, Map<String, String>> markedBy(KubernetesClient client, String prefix, String namespace) {
        Map<String, Map<String, String>> marked = new TreeMap<>();
        named(client, prefix).forEach((object, annotations) -> {
            if (OwnerAnnotations.owners(annotations).stream().anyMatch(owner -> owner.startsWith(namespace + "/"))) {
                marked.put(object, annotations);
            }
        });
        return marked;
    }
}
