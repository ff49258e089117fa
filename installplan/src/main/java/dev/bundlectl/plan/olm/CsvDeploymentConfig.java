package dev.bundlectl.plan.olm;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.bundle.Diagnostics;
import dev.bundlectl.bundle.Manifest;
import dev.bundlectl.bundle.files.Sha256;
import dev.bundlectl.bundle.yaml.JsonTrees;
import dev.bundlectl.plan.config.ConfigInjection;
import dev.bundlectl.plan.config.ConfigRequest;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * An operator configuration written into the CSV applied for OLM (docs/semantics.md §10): bundlectl
 * writes no Subscription, so OLM has no {@code spec.config} to apply, and the configuration goes
 * where OLM takes each Deployment's spec from, {@code spec.install.spec.deployments[*].spec}, merged
 * as OLM merges a Subscription's ({@link ConfigInjection}). OLM then creates configured Deployments.
 * Whenever a configuration is in play (one is in effect, or a recorded one is dropped), the CSV says
 * which in {@value #ANNOTATION}: a CSV is never updated, but for a change of this, its
 * {@code spec.install} (OLM then updates its Deployments).
 */
public final class CsvDeploymentConfig {

    /** The CSV annotation that holds the digest of the configuration written into it. */
    public static final String ANNOTATION = "bundlectl.dev/operator-config";

    private CsvDeploymentConfig() {
    }

    /**
     * A copy of the CSV with the configuration in each deployment's spec (the CSV itself when there
     * is nothing to write); each mount of the configuration that names no volume of a deployment's
     * pod is an error added to {@code errors}.
     */
    public static Manifest onto(Manifest csv, ConfigRequest config, Diagnostics.Collector errors) {
        if (!config.inPlay()) {
            return csv;
        }
        // Only the parts written are copied: the rest (a CSV's icon, descriptions and CRD lists can
        // be most of a megabyte) is shared with the bundle's manifest, which nothing changes.
        ObjectNode body = shallowCopy(csv.body());
        ObjectNode metadata = shallowCopy(body.path("metadata"));
        body.set("metadata", metadata);
        ObjectNode spec = shallowCopy(body.path("spec"));
        body.set("spec", spec);
        if (spec.get("install") != null) {
            spec.set("install", spec.get("install").deepCopy());
        }
        ConfigInjection injection = config.injection(false);
        for (JsonNode deployment : spec.path("install").path("spec").path("deployments")) {
            if (deployment instanceof ObjectNode entry && entry.get("spec") instanceof ObjectNode deploymentSpec) {
                injection.intoDeploymentSpec(deploymentSpec);
                config.checkMounts(deploymentSpec, entry.path("name").asText(), errors);
            }
        }
        String digest = "sha256:" + Sha256.hex(JsonTrees.compact(config.config().toJson())
                .getBytes(StandardCharsets.UTF_8));
        ObjectNode annotations = shallowCopy(metadata.path("annotations"));
        metadata.set("annotations", annotations.put(ANNOTATION, digest));
        Map<String, String> texts = new LinkedHashMap<>(csv.annotations());
        texts.put(ANNOTATION, digest);
        return new Manifest(csv.source(), csv.apiVersion(), csv.kind(), csv.name(), csv.namespace(), texts, body);
    }

    /** A new object with the same fields, their values shared; an empty one for anything but an object. */
    private static ObjectNode shallowCopy(JsonNode node) {
        ObjectNode copy = JsonNodeFactory.instance.objectNode();
        if (node instanceof ObjectNode object) {
            copy.setAll(object);
        }
        return copy;
    }
}
