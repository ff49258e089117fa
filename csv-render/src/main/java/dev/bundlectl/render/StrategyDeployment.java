package dev.bundlectl.render;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One entry of the CSV's {@code spec.install.spec.deployments}.
 *
 * @param index the position in the list, for field paths
 * @param name the Deployment's name
 * @param spec the Deployment's spec, as written in the CSV (read-only)
 * @param labels the entry's {@code label} map, for the Deployment's {@code metadata.labels}
 */
record StrategyDeployment(int index, String name, ObjectNode spec, Map<String, String> labels) {

    StrategyDeployment {
        labels = Collections.unmodifiableMap(new LinkedHashMap<>(labels));
    }

    String field() {
        return "spec.install.spec.deployments[" + index + "]";
    }

    /** The pod's service account, or null when the pod runs as the namespace's {@code default}. */
    String serviceAccountName() {
        String name = Json.text(spec.path("template").path("spec"), "serviceAccountName");
        return name == null || name.isEmpty() ? null : name;
    }

    /** {@code spec.selector.matchLabels}, or an empty map. */
    Map<String, String> matchLabels() {
        JsonNode labels = spec.path("selector").path("matchLabels");
        return Json.textMap(labels);
    }
}
