package dev.bundlectl.plan.olm;

import dev.bundlectl.plan.api.ApiSurface;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What the target cluster says about the things OLM checks: the install namespace's
 * OperatorGroups, the server's Kubernetes version, and what OLM's rules across namespaces look at
 * (every OperatorGroup's provided APIs, the CSVs copied into the namespace). Offline none is read.
 *
 * @param operatorGroups the namespace's OperatorGroups; empty when they were not read (offline)
 * @param kubernetesVersion the server's version ({@code 1.26.4}); empty when not known
 * @param elsewhere the other namespaces' part, or why it is not known
 */
public record OlmCluster(Optional<List<ExistingOperatorGroup>> operatorGroups, Optional<String> kubernetesVersion,
        OtherNamespaces elsewhere) {

    /** Nothing read: OperatorGroups unknown, the version only what the surface knows of itself. */
    public static OlmCluster offline(ApiSurface surface) {
        return new OlmCluster(Optional.empty(), surface.kubernetesVersion(), OtherNamespaces.offline());
    }

    /** What a live cluster answered about the namespace, with nothing read beyond it. */
    public static OlmCluster live(List<ExistingOperatorGroup> operatorGroups, String kubernetesVersion) {
        return live(operatorGroups, kubernetesVersion, new OtherNamespaces.Read(List.of(), List.of()));
    }

    /** What a live cluster answered. */
    public static OlmCluster live(List<ExistingOperatorGroup> operatorGroups, String kubernetesVersion,
            OtherNamespaces elsewhere) {
        return new OlmCluster(Optional.of(List.copyOf(operatorGroups)), Optional.ofNullable(kubernetesVersion),
                elsewhere);
    }

    public OlmCluster {
        Objects.requireNonNull(operatorGroups, "operatorGroups");
        Objects.requireNonNull(kubernetesVersion, "kubernetesVersion");
        Objects.requireNonNull(elsewhere, "elsewhere");
    }
}
