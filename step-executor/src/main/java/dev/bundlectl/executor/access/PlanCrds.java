package dev.bundlectl.executor.access;

import dev.bundlectl.plan.api.ApiResource;
import dev.bundlectl.plan.api.CrdApiResources;
import dev.bundlectl.plan.planned.PlannedInstall;
import dev.bundlectl.plan.planned.PlannedStep;
import java.util.Optional;

/** The resources a plan's own CRDs will serve, for the kinds no cluster serves before they exist. */
final class PlanCrds {

    private PlanCrds() {
    }

    /** The resource a CRD of {@code plan} serves for {@code group} and {@code kind}, if one does. */
    static Optional<ApiResource> served(PlannedInstall plan, String group, String kind) {
        String wanted = group == null ? "" : group;
        for (PlannedStep step : plan.steps()) {
            if (step.step().resource().groupKind().isCrd()) {
                for (ApiResource served : CrdApiResources.fromCrd(step.object())) {
                    if (served.group().equals(wanted) && served.kind().equals(kind)) {
                        return Optional.of(served);
                    }
                }
            }
        }
        return Optional.empty();
    }
}
