package dev.bundlectl.plan.review;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.bundlectl.bundle.yaml.Mappers;
import dev.bundlectl.plan.model.Step;
import dev.bundlectl.plan.model.StepResource;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The checks every step of a plan file passes before anything else is done with it: its manifest
 * is a JSON object, and the object it describes is the one its {@code resource} fields name, so
 * that what the table showed the reviewer is what would be sent.
 */
public final class ReviewedStepCheck {

    // Configured once, never changed: safe to share.
    private static final ObjectMapper JSON = Mappers.json();

    private ReviewedStepCheck() {
    }

    /** One line per problem, {@code step N (Kind/name): field: what is wrong}; empty when all steps pass. */
    public static List<String> problems(List<Step> steps) {
        List<String> problems = new ArrayList<>();
        for (int i = 0; i < steps.size(); i++) {
            StepResource resource = steps.get(i).resource();
            String where = "step " + (i + 1) + " (" + resource.displayName() + "): ";
            check(resource).forEach(problem -> problems.add(where + problem));
        }
        return problems;
    }

    private static List<String> check(StepResource resource) {
        List<String> problems = new ArrayList<>();
        if (resource.manifest() == null || resource.manifest().isBlank()) {
            problems.add("resource.manifest: missing");
            return problems;
        }
        JsonNode manifest;
        try {
            manifest = JSON.readTree(resource.manifest());
        } catch (JsonProcessingException e) {
            problems.add("resource.manifest: not valid JSON (" + e.getOriginalMessage() + ")");
            return problems;
        }
        if (manifest == null || !manifest.isObject()) {
            problems.add("resource.manifest: not a JSON object");
            return problems;
        }
        mismatch("apiVersion", resource.apiVersion(), text(manifest.path("apiVersion")), problems);
        mismatch("kind", resource.kind(), text(manifest.path("kind")), problems);
        JsonNode metadata = manifest.path("metadata");
        // metadata.namespace is not compared: the planner overrides what a manifest declares (an
        // operator-sdk CSV says "placeholder"), and the object goes to the step's namespace,
        // which the comparison with a fresh plan checks.
        mismatch("metadata.name", resource.name(), text(metadata.path("name")), problems);
        return problems;
    }

    private static void mismatch(String field, String expected, String actual, List<String> problems) {
        if (!Objects.equals(expected, actual)) {
            problems.add("resource.manifest " + field + ": is " + quoted(actual) + " but the step's resource says "
                    + quoted(expected));
        }
    }

    private static String quoted(String value) {
        return value == null ? "missing" : "\"" + value + "\"";
    }

    private static String text(JsonNode node) {
        return node.isTextual() ? node.asText() : null;
    }
}
