package dev.bundlectl.plan;

import dev.bundlectl.plan.capability.CapabilityConfig;
import dev.bundlectl.plan.payload.InstallHistory;
import dev.bundlectl.plan.payload.PayloadFilterSettings;
import java.util.Objects;

/**
 * What to plan for a release-payload directory, beyond its manifests.
 *
 * @param base namespace of the plan object, API surface, extra exclusions, capabilities status,
 *     conditions, approval, plan name, source text and install phase, as for a bundle
 * @param name a name for what the steps resolve (a bundle's CSV name): the directory's name
 * @param filters exclude identifier, feature set and profile
 * @param capabilities the enabled capabilities, or null to apply every manifest whatever its
 *     capability annotation
 */
public record PayloadPlanRequest(PlanRequest base, String name, PayloadFilterSettings filters,
        CapabilityConfig capabilities) {

    public PayloadPlanRequest {
        Objects.requireNonNull(base, "base");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(filters, "filters");
    }

    /**
     * A request for a target in this install phase (kept in {@code base}, so that one request
     * never holds two).
     */
    public PayloadPlanRequest(PlanRequest base, String name, PayloadFilterSettings filters,
            CapabilityConfig capabilities, InstallHistory phase) {
        this(Objects.requireNonNull(base, "base").withInstallPhase(Objects.requireNonNull(phase, "phase")), name,
                filters, capabilities);
    }

    /** First install, update, or unknown (offline): install levels and delete steps depend on it. */
    public InstallHistory phase() {
        return base.installPhase();
    }
}
