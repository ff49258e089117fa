package dev.bundlectl.bundle;

import java.util.List;
import java.util.Set;

/**
 * The kinds a registry+v1 bundle may carry (operator-registry's supported list). Objects of other
 * kinds are still read; the planner marks them {@code UnsupportedResource}.
 */
public final class RegistryV1Kinds {

    /** The supported kinds, in operator-registry's order. */
    public static final List<String> ALL = List.of(
            "ClusterServiceVersion",
            "CustomResourceDefinition",
            "Secret",
            "ConfigMap",
            "ServiceAccount",
            "Service",
            "Role",
            "RoleBinding",
            "ClusterRole",
            "ClusterRoleBinding",
            "PrometheusRule",
            "ServiceMonitor",
            "PodMonitor",
            "PodDisruptionBudget",
            "PriorityClass",
            "VerticalPodAutoscaler",
            "ConsoleYAMLSample",
            "ConsoleQuickStart",
            "ConsoleCLIDownload",
            "ConsoleLink",
            "ConsolePlugin",
            "NetworkPolicy");

    private static final Set<String> SUPPORTED = Set.copyOf(ALL);

    private RegistryV1Kinds() {
    }

    /** Whether a bundle may carry objects of this kind. The check is by kind only, as OLM's is. */
    public static boolean isSupported(String kind) {
        return kind != null && SUPPORTED.contains(kind);
    }
}
