package dev.bundlectl.plan.olm;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.bundle.Diagnostics;
import dev.bundlectl.bundle.Manifest;
import dev.bundlectl.plan.config.ConfigInjection;
import dev.bundlectl.plan.config.ConfigRequest;

/**
 * An operator configuration written into the CSV applied for OLM (docs/semantics.md §10): bundlectl
 * writes no Subscription, so OLM has no {@code spec.config} to apply, and the configuration goes
 * where OLM takes each Deployment's spec from, {@code spec.install.spec.deployments[*].spec}, merged
 * as OLM merges a Subscription's ({@link ConfigInjection}). OLM then creates configured Deployments.
 */
public final class CsvDeploymentConfig {

    private CsvDeploymentConfig() {
    }

    /**
     * A copy of the CSV with the configuration in each deployment's spec (the CSV itself when there
     * is nothing to write); each mount of the configuration that names no volume of a deployment's
     * pod is an error added to {@code errors}.
     */
    public static Manifest onto(Manifest csv, ConfigRequest config, Diagnostics.Collector errors) {
        ConfigInjection injection = config.injection(false);
        if (injection.changesNothing()) {
            return csv;
        }
        ObjectNode body = csv.body().deepCopy();
        for (JsonNode deployment : body.path("spec").path("install").path("spec").path("deployments")) {
            if (deployment instanceof ObjectNode entry && entry.get("spec") instanceof ObjectNode spec) {
                injection.intoDeploymentSpec(spec);
                config.checkMounts(spec, entry.path("name").asText(), errors);
            }
        }
        return new Manifest(csv.source(), csv.apiVersion(), csv.kind(), csv.name(), csv.namespace(), csv.annotations(),
                body);
    }
}
