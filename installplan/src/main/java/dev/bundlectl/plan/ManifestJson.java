package dev.bundlectl.plan;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.bundle.yaml.JsonTrees;
import dev.bundlectl.plan.payload.ReleaseAnnotations;

/** A manifest body as the compact JSON a step carries. */
final class ManifestJson {

    private ManifestJson() {
    }

    static String compact(ObjectNode body) {
        return JsonTrees.compact(body);
    }

    /**
     * The manifest text a step carries: the compact JSON, except in a plan made for its verdict
     * ({@link PlanUse#VERDICT}), where it is empty unless the object carries the deletion
     * annotation, the one thing a verdict reads from a step's text
     * ({@code StepManifests.asksForDeletion}). Writing every manifest of a catalog as JSON was a
     * sixth of a catalog run's CPU, and a summary line shows none of them.
     */
    static String forStep(ObjectNode body, PlanUse use) {
        if (use == PlanUse.DOCUMENT || body.path("metadata").path("annotations").has(ReleaseAnnotations.DELETE)) {
            return compact(body);
        }
        return "";
    }
}
