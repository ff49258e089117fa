package dev.bundlectl.plan.payload;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.bundle.Manifest;
import dev.bundlectl.bundle.SourceLocation;
import dev.bundlectl.bundle.yaml.Mappers;
import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.model.Step;
import dev.bundlectl.plan.model.StepResource;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Turns the steps of a stored plan back into {@link Manifest}s, so that the rules that work on
 * manifests (release annotations, the run graph, install levels, capabilities) also work on a plan
 * that was stored and read back. A step's {@code bundlectl.dev/source} gives the file and
 * document; a step of a plan written before that field existed has only its {@code sourceName},
 * which then stands in for the file: for a payload plan it was the manifest's path relative to the
 * payload directory, which is what {@link PayloadFileName} needs. Used where a stored plan is read
 * ({@code dev.bundlectl.plan.planned.PlannedInstall#read}); the executor never needs it.
 */
public final class StepManifests {

    private static final ObjectMapper JSON = Mappers.json();

    private StepManifests() {
    }

    /**
     * The manifest of one step.
     *
     * @param step the step
     * @param body its manifest, parsed; not copied, so treat it as read-only
     * @param documentIndex the manifest's position among the steps of the same {@code sourceName}
     */
    public static Manifest of(Step step, ObjectNode body, int documentIndex) {
        Objects.requireNonNull(step, "step");
        Objects.requireNonNull(body, "body");
        StepResource resource = step.resource();
        JsonNode metadata = body.path("metadata");
        SourceLocation recorded = step.source() == null ? null : step.source().location();
        String file = resource.sourceName() == null || resource.sourceName().isEmpty() ? "plan" : resource.sourceName();
        SourceLocation location = recorded != null ? recorded : new SourceLocation(file, documentIndex);
        String apiVersion = textOr(body.path("apiVersion"), resource.apiVersion());
        String kind = textOr(body.path("kind"), resource.kind());
        String name = textOr(metadata.path("name"), resource.name());
        String namespace = metadata.path("namespace").isTextual() ? metadata.path("namespace").asText() : null;
        return new Manifest(location, apiVersion, kind, name, namespace,
                annotations(metadata.path("annotations")), body);
    }

    /**
     * The manifests of the given steps, keyed and ordered like {@code bodies}. Document indexes
     * count, per {@code sourceName}, the steps before in plan order, so that the documents of one
     * payload file keep their order in the run graph.
     *
     * @param steps every step of the plan
     * @param bodies parsed manifests by step index; steps without one are left out
     */
    public static Map<Integer, Manifest> of(List<Step> steps, Map<Integer, ObjectNode> bodies) {
        Map<String, Integer> seenPerSource = new HashMap<>();
        Map<Integer, Manifest> manifests = new LinkedHashMap<>();
        for (int index = 0; index < steps.size(); index++) {
            Step step = steps.get(index);
            int documentIndex = seenPerSource.merge(String.valueOf(step.resource().sourceName()), 1, Integer::sum) - 1;
            ObjectNode body = bodies.get(index);
            if (body != null) {
                manifests.put(index, of(step, body, documentIndex));
            }
        }
        Map<Integer, Manifest> ordered = new LinkedHashMap<>();
        bodies.keySet().forEach(index -> {
            if (manifests.containsKey(index)) {
                ordered.put(index, manifests.get(index));
            }
        });
        return ordered;
    }

    /**
     * The manifests of every step of a plan whose manifest is a JSON object, by step index.
     * Steps without a readable manifest are left out; the executor's preflight reports them.
     */
    public static Map<Integer, Manifest> of(InstallPlan plan) {
        Map<Integer, ObjectNode> bodies = new LinkedHashMap<>();
        List<Step> steps = plan.steps();
        for (int index = 0; index < steps.size(); index++) {
            String text = steps.get(index).resource().manifest();
            if (text == null || text.isBlank()) {
                continue;
            }
            try {
                if (JSON.readTree(text) instanceof ObjectNode body) {
                    bodies.put(index, body);
                }
            } catch (JsonProcessingException e) {
                // Left out: not a manifest this can describe.
            }
        }
        return of(steps, bodies);
    }

    /**
     * Whether a step's manifest carries {@code release.openshift.io/delete: "true"}, so that the
     * step deletes its object instead of applying it. False for a manifest that cannot be read.
     */
    public static boolean asksForDeletion(Step step) {
        String text = step.resource().manifest();
        // Reading the whole manifest cost 1.8 % of a catalog run (bench/README.md, "Catalogs"). Only
        // the key itself, or JSON's \\/ and \\u escapes, can spell the annotation in the text, so a
        // text with none of them is settled without reading it.
        if (text == null || !text.contains(ReleaseAnnotations.DELETE) && !text.contains("\\/")
                && !text.contains("\\u")) {
            return false;
        }
        try {
            JsonNode value = JSON.readTree(text).path("metadata").path("annotations").path(ReleaseAnnotations.DELETE);
            return value.isTextual() && ReleaseAnnotations.deleteValue(value.asText());
        } catch (JsonProcessingException e) {
            return false;
        }
    }

    /** Annotation values as text; the reader converts non-string values the same way. */
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
