package dev.bundlectl.executor;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.executor.apply.DeleteRule;
import dev.bundlectl.plan.Step;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Checks every step that will run before the first request is sent: the manifest must be a JSON
 * object with a name, and a delete annotation must say {@code "true"}. Either every step passes,
 * or nothing is applied.
 */
final class PlanPreflight {

    private final ObjectMapper json;
    private final Map<Integer, ObjectNode> manifests = new LinkedHashMap<>();
    private final Map<Integer, String> problems = new LinkedHashMap<>();

    PlanPreflight(ObjectMapper json) {
        this.json = json;
    }

    /** Checks one step; remembers its manifest or its problem. */
    void check(int index, Step step) {
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
        Optional<String> deleteProblem = DeleteRule.problem(manifest);
        if (deleteProblem.isPresent()) {
            problems.put(index, deleteProblem.get());
            return;
        }
        manifests.put(index, manifest);
    }

    /** The parsed manifest of a step that passed. */
    ObjectNode manifest(int index) {
        return manifests.get(index);
    }

    /** Problems by step index; empty when every step passed. */
    Map<Integer, String> problems() {
        return problems;
    }
}
