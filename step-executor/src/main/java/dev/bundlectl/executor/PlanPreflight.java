package dev.bundlectl.executor;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.bundle.Diagnostic;
import dev.bundlectl.bundle.Manifest;
import dev.bundlectl.plan.model.Step;
import dev.bundlectl.plan.payload.ReleaseAnnotationValidator;
import dev.bundlectl.plan.payload.StepManifests;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Checks every step that will run before the first request is sent: the manifest must be a JSON
 * object with a name, and its release annotations must be valid (a delete annotation says
 * {@code "true"}, an install level is 0 or 1 on a create-only manifest). Either every step
 * passes, or nothing is applied.
 */
final class PlanPreflight {

    private final ObjectMapper json;
    private final Map<Integer, ObjectNode> bodies = new LinkedHashMap<>();
    private final Map<Integer, String> problems = new LinkedHashMap<>();
    private Map<Integer, Manifest> manifests = Map.of();

    PlanPreflight(ObjectMapper json) {
        this.json = json;
    }

    /**
     * Checks the given steps; remembers each one's manifest or its problem.
     *
     * @param steps every step of the plan, for document positions
     * @param indices the steps that will run
     */
    void check(List<Step> steps, List<Integer> indices) {
        for (int index : indices) {
            parse(index, steps.get(index));
        }
        manifests = StepManifests.of(steps, bodies);
        manifests.forEach((index, manifest) -> {
            List<Diagnostic> errors = ReleaseAnnotationValidator.validate(List.of(manifest)).errors();
            if (!errors.isEmpty()) {
                problems.put(index, errors.get(0).message());
            }
        });
        problems.keySet().forEach(bodies::remove);
    }

    private void parse(int index, Step step) {
        String text = step.resource().manifest();
        if (text == null || text.isBlank()) {
            problems.put(index, "the step has no manifest");
            return;
        }
        JsonNode parsed;
        try {
            parsed = json.readTree(text);
        } catch (JsonProcessingException e) {
            problems.put(index, "the step's manifest is not valid JSON: " + e.getOriginalMessage());
            return;
        }
        if (!(parsed instanceof ObjectNode manifest)) {
            problems.put(index, "the step's manifest is not a JSON object");
            return;
        }
        if (manifest.path("metadata").path("name").asText("").isEmpty()) {
            problems.put(index, "the step's manifest has no metadata.name");
            return;
        }
        bodies.put(index, manifest);
    }

    /** The parsed manifest of a step that passed. */
    ObjectNode manifest(int index) {
        return bodies.get(index);
    }

    /** The manifest model of a step that passed, for the rules that read annotations and file names. */
    Manifest model(int index) {
        return manifests.get(index);
    }

    /** Problems by step index; empty when every step passed. */
    Map<Integer, String> problems() {
        return problems;
    }
}
