package dev.bundlectl.plan.output;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.bundle.Manifest;
import dev.bundlectl.bundle.kinds.GroupKind;
import dev.bundlectl.bundle.yaml.Mappers;
import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.model.Step;
import dev.bundlectl.plan.model.StepResource;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Puts Secret values back into a reviewed plan whose values {@link SecretRedaction} replaced by
 * markers. Each value comes from the bundle and must hash to the marker that was reviewed; a
 * value that differs, or is missing, stops the install before anything is applied.
 */
public final class SecretRehydration {

    private static final ObjectMapper MAPPER = Mappers.json();

    private SecretRehydration() {
    }

    /** Whether any Secret step of the plan still holds a redaction marker. */
    public static boolean needed(InstallPlan plan) {
        return plan.steps().stream().anyMatch(step -> GroupKind.SECRET.hasKind(step.resource().kind())
                && step.resource().manifest() != null && step.resource().manifest().contains(SecretRedaction.PREFIX));
    }

    /**
     * The plan with every redacted Secret value replaced by the bundle's value.
     *
     * @param plan the reviewed plan
     * @param bundleManifests the manifests of the bundle the plan was made from
     * @return the plan ready to apply, or the problems (one line each) when a value cannot be
     *     restored exactly
     */
    public static Result rehydrate(InstallPlan plan, List<Manifest> bundleManifests) {
        List<String> problems = new ArrayList<>();
        List<Step> steps = new ArrayList<>(plan.steps().size());
        for (Step step : plan.steps()) {
            steps.add(restore(step, bundleManifests, problems));
        }
        if (!problems.isEmpty()) {
            return new Result(Optional.empty(), problems);
        }
        InstallPlan.Status status = plan.status();
        return new Result(Optional.of(plan.withStatus(new InstallPlan.Status(status.phase(), status.conditions(), steps,
                status.startTime(), status.completionTime(), status.message(), status.capabilities(), status.dependencies()))), List.of());
    }

    private static Step restore(Step step, List<Manifest> bundleManifests, List<String> problems) {
        StepResource resource = step.resource();
        if (!GroupKind.SECRET.hasKind(resource.kind()) || resource.manifest() == null
                || !resource.manifest().contains(SecretRedaction.PREFIX)) {
            return step;
        }
        Optional<Manifest> original = bundleManifests.stream()
                .filter(m -> GroupKind.SECRET.hasKind(m.kind()) && m.name().equals(resource.name()))
                .findFirst();
        if (original.isEmpty()) {
            problems.add("Secret " + resource.name() + ": the plan's values are redacted and the bundle has no "
                    + "Secret of that name to restore them from");
            return step;
        }
        try {
            ObjectNode tree = (ObjectNode) MAPPER.readTree(resource.manifest());
            restoreField(tree, original.get().body(), "data", true, resource.name(), problems);
            restoreField(tree, original.get().body(), "stringData", false, resource.name(), problems);
            return step.withResource(resource.withManifest(MAPPER.writeValueAsString(tree)));
        } catch (JsonProcessingException | ClassCastException e) {
            problems.add("Secret " + resource.name() + ": resource.manifest is not a JSON object");
            return step;
        }
    }

    private static void restoreField(ObjectNode tree, JsonNode original, String field, boolean base64,
            String secretName, List<String> problems) {
        JsonNode values = tree.get(field);
        if (values == null || !values.isObject()) {
            return;
        }
        Iterator<Map.Entry<String, JsonNode>> entries = values.fields();
        while (entries.hasNext()) {
            Map.Entry<String, JsonNode> entry = entries.next();
            String value = entry.getValue().asText();
            if (!SecretRedaction.isMarker(value)) {
                continue;
            }
            JsonNode source = original.path(field).get(entry.getKey());
            String where = "Secret " + secretName + " field " + field + "." + entry.getKey();
            if (source == null || !source.isTextual()) {
                problems.add(where + ": redacted in the plan, and the bundle has no value for it");
                continue;
            }
            byte[] bytes = base64 ? SecretRedaction.decodeOrRaw(source.asText()) : source.asText().getBytes(StandardCharsets.UTF_8);
            if (!SecretRedaction.matches(value, bytes)) {
                problems.add(where + ": the bundle's value is not the one in the reviewed plan (digest differs)");
                continue;
            }
            ((ObjectNode) values).put(entry.getKey(), source.asText());
        }
    }

    /**
     * The rehydrated plan, or the problems that prevent it.
     *
     * @param plan present when every value was restored
     * @param problems one line per value that could not be restored
     */
    public record Result(Optional<InstallPlan> plan, List<String> problems) {

        public Result {
            problems = List.copyOf(problems);
        }
    }
}
