package dev.bundlectl.plan.upgrade;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.bundlectl.bundle.version.SemanticVersion;
import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.model.Step;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What a ClusterServiceVersion says about the versions it upgrades from, as OLM reads it:
 * {@code spec.replaces}, {@code spec.skips} and the {@code olm.skipRange} annotation.
 *
 * @param csvName the CSV's {@code metadata.name}
 * @param version its {@code spec.version} as written, or null
 * @param replaces the CSV name in {@code spec.replaces}, or null
 * @param skips the CSV names in {@code spec.skips}
 * @param skipRange the {@code olm.skipRange} annotation as written, or null
 */
public record UpgradeEdges(String csvName, String version, String replaces, List<String> skips, String skipRange) {

    /** The annotation OLM reads a skip range from. */
    public static final String SKIP_RANGE_ANNOTATION = "olm.skipRange";

    private static final String CSV_GROUP = "operators.coreos.com";
    private static final String CSV_KIND = "ClusterServiceVersion";
    private static final ObjectMapper JSON = new ObjectMapper();

    public UpgradeEdges {
        Objects.requireNonNull(csvName, "csvName");
        skips = skips == null ? List.of() : List.copyOf(skips);
    }

    /** The edges of a CSV object. */
    public static UpgradeEdges ofCsv(JsonNode csv) {
        JsonNode spec = csv.path("spec");
        List<String> skips = new ArrayList<>();
        spec.path("skips").forEach(skip -> {
            if (skip.isTextual()) {
                skips.add(skip.asText());
            }
        });
        return new UpgradeEdges(csv.path("metadata").path("name").asText(), text(spec.path("version")),
                text(spec.path("replaces")), skips,
                text(csv.path("metadata").path("annotations").path(SKIP_RANGE_ANNOTATION)));
    }

    /** The edges of the CSV a plan installs (its CSV step, rendered or not); empty for a plan without one. */
    public static Optional<UpgradeEdges> ofPlan(InstallPlan plan) {
        for (Step step : plan.steps()) {
            if (isCsv(step) && (step.action() == null || !step.action().previousInstallOnly())) {
                try {
                    return Optional.of(ofCsv(JSON.readTree(step.resource().manifest())));
                } catch (JsonProcessingException | IllegalArgumentException e) {
                    // The planner wrote this JSON; a step without it has no edges to offer.
                    return Optional.empty();
                }
            }
        }
        return Optional.empty();
    }

    /** The version as a semantic version, when it is one. */
    public Optional<SemanticVersion> semanticVersion() {
        return SemanticVersion.parse(version);
    }

    static boolean isCsv(Step step) {
        return CSV_GROUP.equals(step.resource().group()) && CSV_KIND.equals(step.resource().kind());
    }

    private static String text(JsonNode node) {
        return node.isTextual() && !node.asText().isBlank() ? node.asText() : null;
    }
}
