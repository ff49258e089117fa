package dev.bundlectl.plan.olm;

import dev.bundlectl.plan.api.ApiSurface;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What the target cluster says about the things OLM checks: the install namespace's
 * OperatorGroups and the server's Kubernetes version. Offline neither is read.
 *
 * @param operatorGroups the namespace's OperatorGroups; empty when they were not read (offline)
 * @param kubernetesVersion the server's version ({@code 1.26.4}); empty when not known
 */
public record OlmCluster(Optional<List<ExistingOperatorGroup>> operatorGroups, Optional<String> kubernetesVersion) {

    /** Nothing read: OperatorGroups unknown, the version only what the surface knows of itself. */
    public static OlmCluster offline(ApiSurface surface) {
        return new OlmCluster(Optional.empty(), surface.kubernetesVersion());
    }

    /** What a live cluster answered. */
    public static OlmCluster live(List<ExistingOperatorGroup> operatorGroups, String kubernetesVersion) {
        return new OlmCluster(Optional.of(List.copyOf(operatorGroups)), Optional.ofNullable(kubernetesVersion));
    }

    public OlmCluster {
        Objects.requireNonNull(operatorGroups, "operatorGroups");
        Objects.requireNonNull(kubernetesVersion, "kubernetesVersion");
    }
}
