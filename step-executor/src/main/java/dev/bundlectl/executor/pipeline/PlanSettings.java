package dev.bundlectl.executor.pipeline;

import dev.bundlectl.bundle.Manifest;
import dev.bundlectl.executor.planning.PlanTarget;
import dev.bundlectl.plan.api.ApiSurface;
import dev.bundlectl.plan.capability.CapabilityConfig;
import dev.bundlectl.plan.crdsafety.CrdSafetyPolicy;
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
 * @param crdSafety what a CRD update that would break stored objects does to the plan: warns, or
 *     refuses it (docs/semantics.md §9)
 */
public record PlanSettings(PlanTarget target, List<Manifest> manifests, Optional<CapabilityConfig> capabilities,
        ApiSurface surface, Duration discoveryPatience, boolean force, CrdSafetyPolicy crdSafety) {

    public PlanSettings {
        Objects.requireNonNull(target, "target");
        manifests = List.copyOf(manifests);
        Objects.requireNonNull(capabilities, "capabilities");
        Objects.requireNonNull(discoveryPatience, "discoveryPatience");
        Objects.requireNonNull(crdSafety, "crdSafety");
    }

    /** Settings whose CRD updates warn, the default. */
    public PlanSettings(PlanTarget target, List<Manifest> manifests, Optional<CapabilityConfig> capabilities,
            ApiSurface surface, Duration discoveryPatience, boolean force) {
        this(target, manifests, capabilities, surface, discoveryPatience, force, CrdSafetyPolicy.WARN);
    }
}
