package dev.bundlectl.plan;

import java.util.Set;

/**
 * The kinds a registry+v1 bundle may carry (operator-registry's supported list, semantics.md §1).
 * Kept here in one place until the bundle reader's public copy lands; then this class goes.
 * The check is by kind alone, as operator-registry's is.
 */
final class RegistryV1Kinds {

    private static final Set<String> SUPPORTED = Set.of(
            "ClusterServiceVersion", "CustomResourceDefinition", "Secret", "ConfigMap", "ServiceAccount", "Service",
            "Role", "RoleBinding", "ClusterRole", "ClusterRoleBinding", "PrometheusRule", "ServiceMonitor",
            "PodMonitor", "PodDisruptionBudget", "PriorityClass", "VerticalPodAutoscaler", "ConsoleYAMLSample",
            "ConsoleQuickStart", "ConsoleCLIDownload", "ConsoleLink", "ConsolePlugin", "NetworkPolicy");

    private RegistryV1Kinds() {
    }

    static boolean isSupported(String kind) {
        return SUPPORTED.contains(kind);
    }
}
