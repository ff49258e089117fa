package dev.bundlectl.executor;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.bundle.Diagnostic;
import dev.bundlectl.bundle.Manifest;
import dev.bundlectl.plan.payload.ReleaseAnnotationValidator;
import dev.bundlectl.plan.planned.PlannedStep;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Checks every step that will run before the first request is sent: the object must have a name,
 * and its release annotations must be valid (a delete annotation says {@code "true"}, an install
 * level is 0 or 1 on a create-only manifest). Either every step passes, or nothing is applied.
 * The objects arrive parsed and located ({@link PlannedStep}): nothing is parsed here.
 */
final class PlanPreflight {

    private final Map<Integer, Manifest> manifests = new LinkedHashMap<>();
    private final Map<Integer, String> problems = new LinkedHashMap<>();

    /**
     * Checks the given steps; remembers each one's manifest or its problem.
     *
     * @param steps every step of the plan
     * @param indices the steps that will run
     */
    void check(List<PlannedStep> steps, List<Integer> indices) {
        for (int index : indices) {
            PlannedStep step = steps.get(index);
            if (step.object().path("metadata").path("name").asText("").isEmpty()) {
                problems.put(index, "the step's manifest has no metadata.name");
                continue;
            }
            Manifest manifest = step.manifest();
            List<Diagnostic> errors = ReleaseAnnotationValidator.validate(List.of(manifest)).errors();
            if (!errors.isEmpty()) {
                problems.put(index, errors.get(0).message());
                continue;
            }
            manifests.put(index, manifest);
        }
    }

    /** The object of a step that passed. */
    ObjectNode manifest(int index) {
        return manifests.get(index).body();
    }

    /** The manifest model of a step that passed, for the rules that read annotations. */
    Manifest model(int index) {
        return manifests.get(index);
    }

    /** Problems by step index; empty when every step passed. */
    Map<Integer, String> problems() {
        return problems;
    }
}
