package dev.bundlectl.cli;

import dev.bundlectl.executor.planning.ClusterReading;
import dev.bundlectl.plan.PlanResult;
import dev.bundlectl.plan.payload.ExcludedManifest;
import java.util.List;

/**
 * A planned bundle or payload directory.
 *
 * @param result the plan, its diagnostics and verdict
 * @param filteredOut payload manifests the profile, feature-set or exclude-id checks left out
 * @param payload whether the directory was a release payload rather than a bundle
 * @param reading what was read from the cluster the plan was made against (its previous install
 *     included, which the install takes from here); null for an offline plan
 */
record PlannedInput(PlanResult result, List<ExcludedManifest> filteredOut, boolean payload, ClusterReading reading) {

    PlannedInput {
        filteredOut = List.copyOf(filteredOut);
    }

    /** The same plan, made against a cluster that said this. */
    PlannedInput withReading(ClusterReading newReading) {
        return new PlannedInput(result, filteredOut, payload, newReading);
    }
}
