package dev.bundlectl.executor.adopt;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Objects;

/**
 * What an adoption needs of one of OLM's Subscriptions ({@code operators.coreos.com/v1alpha1}).
 *
 * @param namespace its namespace, where OLM installs the package
 * @param name its name
 * @param uid its uid
 * @param resourceVersion its resourceVersion when read
 * @param packageName {@code spec.name}: the package
 * @param channel {@code spec.channel}, or null for the package's default channel
 * @param catalogSource {@code spec.source}
 * @param catalogSourceNamespace {@code spec.sourceNamespace}
 * @param startingCsv {@code spec.startingCSV}, or null
 * @param installedCsv {@code status.installedCSV}: the CSV OLM installed, or null
 * @param currentCsv {@code status.currentCSV}: the CSV OLM is installing or installed, or null
 * @param state {@code status.state} ({@code AtLatestKnown}, {@code UpgradePending}, ...), or ""
 * @param installPlan {@code status.installPlanRef.name}: the InstallPlan of {@code currentCsv}, or null
 * @param generatedBy the annotation {@code olm.generated-by}: the InstallPlan that created this
 *     Subscription for another's dependency, or null for one a person made
 * @param configured whether {@code spec.config} sets anything OLM injects into the Deployments
 */
public record OlmSubscription(String namespace, String name, String uid, String resourceVersion, String packageName,
        String channel, String catalogSource, String catalogSourceNamespace, String startingCsv, String installedCsv,
        String currentCsv, String state, String installPlan, String generatedBy, boolean configured) {

    /** The annotation OLM's catalog operator puts on a Subscription an InstallPlan created. */
    public static final String GENERATED_BY = "olm.generated-by";

    public OlmSubscription {
        Objects.requireNonNull(namespace, "namespace");
        Objects.requireNonNull(name, "name");
        state = state == null ? "" : state;
    }

    /** The Subscription as the API server answered it. */
    public static OlmSubscription of(JsonNode object) {
        JsonNode metadata = object.path("metadata");
        JsonNode spec = object.path("spec");
        JsonNode status = object.path("status");
        JsonNode config = spec.path("config");
        return new OlmSubscription(metadata.path("namespace").asText(), metadata.path("name").asText(),
                text(metadata, "uid"), text(metadata, "resourceVersion"), text(spec, "name"), text(spec, "channel"),
                text(spec, "source"), text(spec, "sourceNamespace"), text(spec, "startingCSV"),
                text(status, "installedCSV"), text(status, "currentCSV"), text(status, "state"),
                text(status.path("installPlanRef"), "name"), text(metadata.path("annotations"), GENERATED_BY),
                config.isObject() && !config.isEmpty());
    }

    /** {@code Subscription NS/NAME}, for messages and the install record's history. */
    public String describe() {
        return "Subscription " + namespace + "/" + name;
    }

    /** Whether OLM's status says it moves to another CSV than the one installed (an upgrade under way). */
    public boolean upgrading() {
        return currentCsv != null && installedCsv != null && !currentCsv.equals(installedCsv)
                || "UpgradePending".equals(state);
    }

    private static String text(JsonNode node, String field) {
        JsonNode value = node.path(field);
        return value.isTextual() && !value.asText().isEmpty() ? value.asText() : null;
    }
}
