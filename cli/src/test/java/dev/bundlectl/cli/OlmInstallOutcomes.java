package dev.bundlectl.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import java.util.List;
import java.util.Optional;

/** What an {@code install --wait} under the real olm-operator came to, read from its output, for tests that judge many. */
final class OlmInstallOutcomes {

    /** OLM's ClusterServiceVersions, for the generic client. */
    static final ResourceDefinitionContext CSVS = new ResourceDefinitionContext.Builder()
            .withGroup("operators.coreos.com").withVersion("v1alpha1").withKind("ClusterServiceVersion")
            .withPlural("clusterserviceversions").withNamespaced(true).build();

    private OlmInstallOutcomes() {
    }

    /** Whether the install was refused before anything was written. */
    static boolean refusedBeforeWriting(String err) {
        return err.contains("nothing was applied") || err.contains("nothing was written");
    }

    /** The first reason under the refusal's line. */
    static String refusalReason(String err) {
        List<String> lines = err.lines().toList();
        for (int i = 0; i < lines.size(); i++) {
            if (refusedBeforeWriting(lines.get(i)) && i + 1 < lines.size()) {
                return lines.get(i + 1).strip();
            }
        }
        return "";
    }

    /** The plan's {@code OperatorRunning} condition, which {@code --wait} sets. */
    static Optional<JsonNode> operatorRunning(JsonNode plan) {
        for (JsonNode condition : plan.path("status").path("conditions")) {
            if ("OperatorRunning".equals(condition.path("type").asText())) {
                return Optional.of(condition);
            }
        }
        return Optional.empty();
    }

    /** The text on one line, cut to {@code limit} characters. */
    static String shorten(String text, int limit) {
        String oneLine = text.replaceAll("\\s+", " ").strip();
        return oneLine.length() > limit ? oneLine.substring(0, limit) + "…" : oneLine;
    }
}
