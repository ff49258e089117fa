package dev.bundlectl.plan.output;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.bundlectl.bundle.yaml.Mappers;
import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.model.Step;
import dev.bundlectl.bundle.yaml.InputFileException;
import dev.bundlectl.bundle.yaml.SafeYaml;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;

/**
 * Writes InstallPlans as YAML or pretty JSON and reads them back (for {@code install
 * --plan-file}). Output is deterministic: fields in model order, map keys sorted. Reading
 * tolerates unknown fields and turns every problem into a one-line {@link InputFileException}.
 *
 * <p>This codec writes exactly what it is given: redact with {@link SecretRedaction} before
 * showing or storing a plan.
 */
public final class InstallPlanCodec {

    private static final ObjectMapper YAML = Mappers.planYaml();
    private static final ObjectMapper JSON = Mappers.planJson();

    private InstallPlanCodec() {
    }

    /** The plan as one YAML document starting with {@code ---}. */
    public static String toYaml(InstallPlan plan) {
        return ManifestScalars.toYaml(plan, InstallPlanCodec::emitYaml);
    }

    /** The plan as the YAML emitter alone writes it; {@link #toYaml} gives the same bytes faster. */
    static String emitYaml(InstallPlan plan) {
        try {
            return YAML.writeValueAsString(plan);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The plan as pretty-printed JSON ending with a newline. */
    public static String toJson(InstallPlan plan) {
        try {
            return JSON.writeValueAsString(plan) + "\n";
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Reads a plan file written by {@link #toYaml} or {@link #toJson} (possibly edited).
     *
     * @throws InputFileException with a one-line message naming the file, line and field
     */
    public static InstallPlan read(Path file) throws InputFileException {
        return parse(SafeYaml.readText(file, SafeYaml.DEFAULT_MAX_BYTES), file.toString());
    }

    /**
     * Parses the text of a plan file; see {@link #read}.
     *
     * @param text YAML or JSON
     * @param file the file name for messages
     * @throws InputFileException with a one-line message naming the file, line and field
     */
    public static InstallPlan parse(String text, String file) throws InputFileException {
        // Syntax, duplicate keys, anchors and document count are checked on the tree first.
        JsonNode tree = SafeYaml.readTree(text, file);
        requireInstallPlan(tree, file);
        ObjectMapper mapper = SafeYaml.looksLikeJson(text) ? JSON : YAML;
        InstallPlan plan;
        try {
            // Binding from the text rather than the tree keeps line numbers in errors.
            plan = mapper.readValue(text, InstallPlan.class);
        } catch (JsonMappingException e) {
            throw bindingError(file, e);
        } catch (JsonProcessingException e) {
            throw new InputFileException(file, e.getLocation() == null ? 0 : e.getLocation().getLineNr(),
                    e.getOriginalMessage());
        }
        requireStepFields(plan, file);
        return plan;
    }

    private static void requireInstallPlan(JsonNode tree, String file) throws InputFileException {
        if (!tree.isObject()) {
            throw new InputFileException(file, 0, "expected an InstallPlan object at the top level");
        }
        String apiVersion = tree.path("apiVersion").asText("");
        String kind = tree.path("kind").asText("");
        if (!InstallPlan.API_VERSION.equals(apiVersion) || !InstallPlan.KIND.equals(kind)) {
            throw new InputFileException(file, 0, "is " + (kind.isEmpty() ? "no object kind" : apiVersion + " " + kind)
                    + ", expected an " + InstallPlan.API_VERSION + " " + InstallPlan.KIND);
        }
        if (tree.path("metadata").path("name").asText("").isBlank()) {
            throw new InputFileException(file, 0, "field metadata.name is missing");
        }
    }

    /** What the executor cannot do without; checked here so that it fails before any write. */
    private static void requireStepFields(InstallPlan plan, String file) throws InputFileException {
        List<Step> steps = plan.steps();
        for (int i = 0; i < steps.size(); i++) {
            var resource = steps.get(i).resource();
            String at = "status.plan[" + i + "].resource";
            if (isBlank(resource.kind()) || isBlank(resource.version()) || isBlank(resource.name())) {
                throw new InputFileException(file, 0, at + ": fields kind, version and name are required");
            }
            if (isBlank(resource.manifest())) {
                throw new InputFileException(file, 0, at + " (" + resource.displayName() + "): field manifest is missing");
            }
        }
    }

    private static boolean isBlank(String text) {
        return text == null || text.isBlank();
    }

    private static InputFileException bindingError(String file, JsonMappingException e) {
        int line = e.getLocation() == null ? 0 : e.getLocation().getLineNr();
        String path = path(e);
        Throwable cause = e.getCause();
        String problem;
        if (cause instanceof NullPointerException && cause.getMessage() != null) {
            // The model's constructors name the missing component.
            problem = "missing required field " + cause.getMessage();
        } else if (cause instanceof IllegalArgumentException && cause.getMessage() != null) {
            problem = cause.getMessage();
        } else {
            problem = e.getOriginalMessage();
        }
        return new InputFileException(file, line, path.isEmpty() ? problem : "field " + path + ": " + problem);
    }

    private static String path(JsonMappingException e) {
        StringBuilder path = new StringBuilder();
        for (JsonMappingException.Reference reference : e.getPath()) {
            if (reference.getFieldName() != null) {
                if (path.length() > 0) {
                    path.append('.');
                }
                path.append(reference.getFieldName());
            } else if (reference.getIndex() >= 0) {
                path.append('[').append(reference.getIndex()).append(']');
            }
        }
        return path.toString();
    }
}
