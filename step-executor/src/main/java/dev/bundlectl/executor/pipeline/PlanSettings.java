package dev.bundlectl.executor.pipeline;

import dev.bundlectl.bundle.Manifest;
import dev.bundlectl.executor.planning.PlanTarget;
import dev.bundlectl.plan.api.ApiSurface;
import dev.bundlectl.plan.capability.CapabilityConfig;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * How {@link InstallPipeline#plan} plans a bundle against the cluster.
 *
 * @param target what is planned, which names its install records and its lock
 * @param manifests the bundle's manifests, for the capability rules and the groups discovery reads
 * @param capabilities the capabilities the user gave; empty to take the cluster's own, if any
 * @param surface the API surface the user gave, or null to read the cluster's discovery
 * @param discoveryPatience how long a failing discovery request is retried
 * @param force whether a CSV that does not upgrade from the installed one is installed anyway
 */
public record PlanSettings(PlanTarget target, List<Manifest> manifests, Optional<CapabilityConfig> capabilities,
        ApiSurface surface, Duration discoveryPatience, boolean force) {

    public PlanSettings {
        Objects.requireNonNull(target, "target");
        manifests = List.copyOf(manifests);
        Objects.requireNonNull(capabilities, "capabilities");
        Objects.requireNonNull(discoveryPatience, "discoveryPatience");
    }
}
