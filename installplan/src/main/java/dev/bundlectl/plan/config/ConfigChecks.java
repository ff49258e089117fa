package dev.bundlectl.plan.config;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.crdschema.FieldError;
import dev.bundlectl.plan.objects.NameChecks;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Everything the API server would refuse in a configuration once OLM's merge put it into a pod
 * template, checked offline: first the shape (OLM's Subscription schema, unknown fields refused,
 * {@link ConfigSchema}), then, on a well-formed document only, the pod-spec rules of each part
 * ({@link SchedulingChecks}, {@link ContainerChecks}, {@link VolumeChecks}) and the annotation
 * keys. Field paths start at the configuration's root ({@code tolerations[0].effect}).
 */
final class ConfigChecks {

    private static final int MAX_ANNOTATIONS_BYTES = 256 * 1024;

    private ConfigChecks() {
    }

    /** Every problem of {@code config}; empty when the API server would take it. */
    static List<FieldError> problems(JsonNode config) {
        List<FieldError> problems = ConfigSchema.problems(config);
        if (!problems.isEmpty()) {
            // A document of the wrong shape would only make the rules below repeat it.
            return problems;
        }
        problems = new ArrayList<>();
        if (config.path("selector").isObject()) {
            SchedulingChecks.labelSelector(config.path("selector"), "selector", problems);
        }
        SchedulingChecks.nodeSelector(config.path("nodeSelector"), "nodeSelector", problems);
        SchedulingChecks.tolerations(config.path("tolerations"), "tolerations", problems);
        if (config.path("resources").isObject()) {
            ContainerChecks.resources(config.path("resources"), "resources", problems);
        }
        ContainerChecks.envFrom(config.path("envFrom"), "envFrom", problems);
        ContainerChecks.env(config.path("env"), "env", problems);
        VolumeChecks.volumes(config.path("volumes"), "volumes", problems);
        ContainerChecks.volumeMounts(config.path("volumeMounts"), "volumeMounts", problems);
        if (config.path("affinity").isObject()) {
            SchedulingChecks.affinity(config.path("affinity"), "affinity", problems);
        }
        annotations(config.path("annotations"), problems);
        return problems;
    }

    /** {@code ValidateAnnotations}: keys are qualified names (checked lower-cased), 256 KiB in all. */
    private static void annotations(JsonNode annotations, List<FieldError> problems) {
        long bytes = 0;
        for (var fields = annotations.fields(); fields.hasNext();) {
            var annotation = fields.next();
            String key = annotation.getKey();
            NameChecks.qualifiedName(key.toLowerCase(Locale.ROOT))
                    .forEach(m -> problems.add(FieldErrors.invalid("annotations", key, m)));
            bytes += key.getBytes(StandardCharsets.UTF_8).length
                    + annotation.getValue().asText("").getBytes(StandardCharsets.UTF_8).length;
        }
        if (bytes > MAX_ANNOTATIONS_BYTES) {
            problems.add(new FieldError("annotations", "Too long", null,
                    "must have at most " + MAX_ANNOTATIONS_BYTES + " bytes"));
        }
    }
}
