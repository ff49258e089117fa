package dev.bundlectl.cli;

import dev.bundlectl.executor.testing.OlmShapedInstall;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Every object a command could have written, with its {@code resourceVersion}: what a test compares
 * before and after a command that must write nothing. Any write to an object changes its
 * {@code resourceVersion}; a new object (an install record, a Lease) is a new entry.
 */
final class ResourceVersions {

    private ResourceVersions() {
    }

    /**
     * The namespace's objects of the kinds an install, an adoption or a lock writes, and the
     * cluster-scoped objects OLM's install wrote, by {@code Kind namespace/name}.
     */
    static Map<String, String> of(RealCluster cluster, OlmShapedInstall.Installed installed) {
        KubernetesClient client = cluster.client();
        String ns = cluster.namespace();
        Map<String, String> versions = new TreeMap<>();
        List<List<? extends HasMetadata>> namespaced = List.of(
                client.configMaps().inNamespace(ns).list().getItems(),
                client.secrets().inNamespace(ns).list().getItems(),
                client.services().inNamespace(ns).list().getItems(),
                client.serviceAccounts().inNamespace(ns).list().getItems(),
                client.rbac().roles().inNamespace(ns).list().getItems(),
                client.rbac().roleBindings().inNamespace(ns).list().getItems(),
                client.apps().deployments().inNamespace(ns).list().getItems(),
                client.leases().inNamespace(ns).list().getItems(),
                generic(client, OlmShapedInstall.CSVS, ns),
                generic(client, OlmShapedInstall.SUBSCRIPTIONS, ns),
                generic(client, OlmShapedInstall.INSTALL_PLANS, ns),
                generic(client, OlmObjects.OPERATOR_GROUPS, ns));
        namespaced.forEach(items -> items.forEach(item -> versions.put(key(item), item.getMetadata()
                .getResourceVersion())));
        for (OlmShapedInstall.Written written : installed.objects()) {
            if (written.namespace() == null) {
                HasMetadata object = switch (written.kind()) {
                    case "CustomResourceDefinition" -> client.apiextensions().v1().customResourceDefinitions()
                            .withName(written.name()).get();
                    case "ClusterRole" -> client.rbac().clusterRoles().withName(written.name()).get();
                    case "ClusterRoleBinding" -> client.rbac().clusterRoleBindings().withName(written.name()).get();
                    default -> throw new IllegalArgumentException("no cluster-scoped " + written.kind() + " expected");
                };
                versions.put(key(object), object.getMetadata().getResourceVersion());
            }
        }
        return versions;
    }

    private static List<GenericKubernetesResource> generic(KubernetesClient client, ResourceDefinitionContext type,
            String ns) {
        return client.genericKubernetesResources(type).inNamespace(ns).list().getItems();
    }

    private static String key(HasMetadata object) {
        return object.getKind() + " " + (object.getMetadata().getNamespace() == null ? ""
                : object.getMetadata().getNamespace() + "/") + object.getMetadata().getName();
    }
}
