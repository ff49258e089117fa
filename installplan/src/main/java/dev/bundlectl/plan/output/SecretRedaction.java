package dev.bundlectl.plan.output;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.bundlectl.bundle.kinds.GroupKind;
import dev.bundlectl.bundle.yaml.JsonTrees;
import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.bundle.files.Sha256;
import dev.bundlectl.plan.model.Step;
import dev.bundlectl.plan.model.StepResource;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Replaces Secret values in a plan with {@code <redacted sha256:HEX>} markers before the plan is
 * shown or stored. HEX is the SHA-256 of the value itself: of the base64-decoded bytes for
 * {@code data}, of the UTF-8 text for {@code stringData}. So a later install can check that a
 * value supplied again (from the bundle) is the one that was reviewed, without the plan ever
 * holding it.
 *
 * <p>Every object with {@code kind: Secret} anywhere in a step's manifest is redacted (a Secret
 * step, or a Secret nested in a list), whatever its API group. A Secret step whose manifest is
 * not valid JSON is replaced by one marker as a whole.
 */
public final class SecretRedaction {

    /** How every marker starts; {@link SecretRehydration} looks for it. */
    static final String PREFIX = "<redacted sha256:";
    private static final Pattern MARKER = Pattern.compile(Pattern.quote(PREFIX) + "[0-9a-f]{64}>");
    /** By kind alone, whatever the group: better one redaction too many than a Secret shown. */
    private static final String SECRET_KIND = GroupKind.SECRET.kind();

    private SecretRedaction() {
    }

    /** A copy of the plan with every Secret value replaced by its marker; other steps are unchanged. */
    public static InstallPlan redact(InstallPlan plan) {
        List<Step> steps = new ArrayList<>(plan.steps().size());
        boolean changed = false;
        for (Step step : plan.steps()) {
            Step redacted = redact(step);
            changed |= redacted != step;
            steps.add(redacted);
        }
        if (!changed) {
            return plan;
        }
        InstallPlan.Status status = plan.status();
        return plan.withStatus(new InstallPlan.Status(status.phase(), status.conditions(), steps, status.startTime(),
                status.completionTime(), status.message(), status.capabilities(), status.dependencies()));
    }

    /** The step with Secret values in its manifest redacted; the same instance when there are none. */
    public static Step redact(Step step) {
        StepResource resource = step.resource();
        String manifest = resource.manifest();
        boolean secretStep = SECRET_KIND.equals(resource.kind());
        if (manifest == null || (!secretStep && !manifest.contains("\"" + SECRET_KIND + "\""))) {
            return step;
        }
        String redacted;
        try {
            JsonNode tree = JsonTrees.read(manifest);
            if (!redactTree(tree)) {
                return step;
            }
            redacted = JsonTrees.compact(tree);
        } catch (IOException e) {
            if (!secretStep) {
                return step;
            }
            // Cannot see inside: hide it all rather than risk printing a value.
            redacted = marker(manifest.getBytes(StandardCharsets.UTF_8));
        }
        return step.withResource(resource.withManifest(redacted));
    }

    /** {@code <redacted sha256:HEX>} for this value. */
    public static String marker(byte[] value) {
        return PREFIX + Sha256.hex(value) + ">";
    }

    /** Whether this text is a redaction marker. */
    public static boolean isMarker(String text) {
        return text != null && MARKER.matcher(text).matches();
    }

    /** Whether the marker was made from this value (decoded bytes for {@code data}, UTF-8 text for {@code stringData}). */
    public static boolean matches(String marker, byte[] value) {
        return isMarker(marker) && MessageDigest.isEqual(
                marker.getBytes(StandardCharsets.US_ASCII), marker(value).getBytes(StandardCharsets.US_ASCII));
    }

    /** Redacts every Secret object in the tree, in place; true when something changed. */
    private static boolean redactTree(JsonNode node) {
        boolean changed = false;
        if (node.isObject()) {
            ObjectNode object = (ObjectNode) node;
            if (SECRET_KIND.equals(object.path("kind").asText(null))) {
                changed |= redactValues(object.get("data"), true);
                changed |= redactValues(object.get("stringData"), false);
            }
            for (JsonNode child : object) {
                changed |= redactTree(child);
            }
        } else if (node.isArray()) {
            for (JsonNode child : node) {
                changed |= redactTree(child);
            }
        }
        return changed;
    }

    private static boolean redactValues(JsonNode values, boolean base64) {
        if (values == null || !values.isObject()) {
            return false;
        }
        boolean changed = false;
        ObjectNode object = (ObjectNode) values;
        // Copy the names first: values are replaced while iterating.
        List<String> names = new ArrayList<>();
        object.fieldNames().forEachRemaining(names::add);
        for (String name : names) {
            JsonNode value = object.get(name);
            if (value == null || value.isNull() || (value.isTextual() && isMarker(value.textValue()))) {
                continue;
            }
            String text = value.isValueNode() ? value.asText() : value.toString();
            byte[] bytes = base64 ? decodeOrRaw(text) : text.getBytes(StandardCharsets.UTF_8);
            object.set(name, TextNode.valueOf(marker(bytes)));
            changed = true;
        }
        return changed;
    }

    /**
     * The decoded bytes, decoded as the API server does (standard alphabet, padding required, line
     * breaks ignored); the raw text when it is not valid base64, which the API server would reject
     * anyway.
     */
    static byte[] decodeOrRaw(String text) {
        String compact = text.replaceAll("[\\r\\n]", "");
        if (compact.length() % 4 != 0) {
            return text.getBytes(StandardCharsets.UTF_8);
        }
        try {
            return Base64.getDecoder().decode(compact);
        } catch (IllegalArgumentException e) {
            return text.getBytes(StandardCharsets.UTF_8);
        }
    }
}
