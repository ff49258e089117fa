package dev.bundlectl.plan;

import dev.bundlectl.plan.capability.CapabilityConfig;
import dev.bundlectl.plan.payload.InstallPhase;
import dev.bundlectl.plan.payload.PayloadFilterSettings;
import java.util.Objects;

/**
 * What to plan for a release-payload directory, beyond its manifests.
 *
 * @param base namespace of the plan object, API surface, extra exclusions, capabilities status,
 *     conditions, approval, plan name and source text, as for a bundle
 * @param name a name for what the steps resolve (a bundle's CSV name): the directory's name
 * @param filters exclude identifier, feature set and profile
 * @param capabilities the enabled capabilities, or null to apply every manifest whatever its
 *     capability annotation
 * @param phase first install or update: install levels and delete steps depend on it
 */
public record PayloadPlanRequest(PlanRequest base, String name, PayloadFilterSettings filters,
        CapabilityConfig capabilities, InstallPhase phase) {

    public PayloadPlanRequest {
        Objects.requireNonNull(base, "base");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(filters, "filters");
        Objects.requireNonNull(phase, "phase");
    }
}
