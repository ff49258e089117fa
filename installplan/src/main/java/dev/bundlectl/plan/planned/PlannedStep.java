package dev.bundlectl.plan.planned;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.bundle.Manifest;
import dev.bundlectl.bundle.SourceLocation;
import dev.bundlectl.plan.model.Step;
import dev.bundlectl.plan.model.StepResource;
import dev.bundlectl.plan.model.StepSource;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * One planned object in the one shape the planner produces and the executor receives: the step as
 * OLM shows it, the object already parsed, and where it came from.
 *
 * @param step the step as the InstallPlan document shows it ({@code resource.manifest} is
 *     {@code object} as compact JSON)
 * @param object the object itself; shared, never copied: treat it as immutable (the executor
 *     copies it before it changes anything)
 * @param source where the object was read from
 */
public record PlannedStep(Step step, ObjectNode object, StepSource source) {

    public PlannedStep {
        Objects.requireNonNull(step, "step");
        Objects.requireNonNull(object, "object");
        Objects.requireNonNull(source, "source");
    }

    /** The same object and provenance under another version of its step (a new status, say). */
    public PlannedStep withStep(Step newStep) {
        return new PlannedStep(newStep, object, source);
    }

    /**
     * The object as the bundle reader's {@link Manifest}, located where it was read, for the rules
     * that work on manifests (release annotations, install levels, the run graph). A step whose
     * file is not known (a hand-made plan) is located in {@code plan}.
     */
    public Manifest manifest() {
        StepResource resource = step.resource();
        JsonNode metadata = object.path("metadata");
        SourceLocation location = source.location() != null ? source.location() : new SourceLocation("plan", -1);
        String namespace = metadata.path("namespace").isTextual() ? metadata.path("namespace").asText() : null;
        return new Manifest(location, textOr(object.path("apiVersion"), resource.apiVersion()),
                textOr(object.path("kind"), resource.kind()), textOr(metadata.path("name"), resource.name()),
                namespace, annotations(metadata.path("annotations")), object);
    }

    /** Annotation values as text; the bundle reader converts non-string values the same way. */
    private static Map<String, String> annotations(JsonNode annotations) {
        Map<String, String> values = new LinkedHashMap<>();
        annotations.properties().forEach(entry -> {
            JsonNode value = entry.getValue();
            if (!value.isNull()) {
                values.put(entry.getKey(), value.isValueNode() ? value.asText() : value.toString());
            }
        });
        return values;
    }

    private static String textOr(JsonNode node, String fallback) {
        return node.isTextual() && !node.asText().isEmpty() ? node.asText() : Objects.toString(fallback, "");
    }
}
