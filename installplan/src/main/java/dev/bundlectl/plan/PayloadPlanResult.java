package dev.bundlectl.plan;

import dev.bundlectl.plan.payload.ExcludedManifest;
import java.util.List;
import java.util.Objects;

/**
 * A release-payload plan and what the inclusion checks left out of it.
 *
 * @param result the plan, its diagnostics (errors make it invalid) and its verdict
 * @param filteredOut manifests that the exclude identifier, feature set or profile ruled out; they
 *     are not steps, and {@code --show-excluded} lists them
 */
public record PayloadPlanResult(PlanResult result, List<ExcludedManifest> filteredOut) {

    public PayloadPlanResult {
        Objects.requireNonNull(result, "result");
        filteredOut = List.copyOf(filteredOut);
    }
}
