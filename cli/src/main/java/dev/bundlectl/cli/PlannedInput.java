package dev.bundlectl.cli;

import dev.bundlectl.plan.PlanResult;
import dev.bundlectl.plan.payload.ExcludedManifest;
import java.util.List;

/**
 * A planned bundle or payload directory.
 *
 * @param result the plan, its diagnostics and verdict
 * @param filteredOut payload manifests the profile, feature-set or exclude-id checks left out
 * @param payload whether the directory was a release payload rather than a bundle
 */
record PlannedInput(PlanResult result, List<ExcludedManifest> filteredOut, boolean payload) {

    PlannedInput {
        filteredOut = List.copyOf(filteredOut);
    }
}
