package dev.bundlectl.plan.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.bundle.Diagnostics;
import dev.bundlectl.bundle.SourceLocation;
import dev.bundlectl.bundle.yaml.InputFileException;
import dev.bundlectl.bundle.yaml.SafeYaml;
import dev.bundlectl.bundle.yaml.Syntax;
import dev.bundlectl.crdschema.FieldError;
import java.nio.file.Path;
import java.util.List;

/**
 * Reads an operator configuration (docs/operator-config.md): a YAML or JSON file holding an OLM
 * {@code SubscriptionConfig}, or a whole {@code Subscription} whose {@code spec.config} is taken;
 * or a configuration already parsed (a BundleInstall's {@code spec.config}, an install record's).
 * Either way it is checked offline as the API server would check it once merged into a pod
 * template ({@link ConfigChecks}), and a field {@code SubscriptionConfig} lacks is refused, never
 * dropped. Every problem is an error naming the source, the object and the field.
 */
public final class OperatorConfigReader {

    /** A configuration is a few dozen lines; a file far larger is a mistake. */
    public static final long MAX_BYTES = 256 * 1024;

    private static final String SUBSCRIPTION = "Subscription";
    private static final String OLM_API_VERSION = "operators.coreos.com/v1alpha1";

    private OperatorConfigReader() {
    }

    /** Reads {@code --config FILE}; {@code file} is named in messages as given. */
    public static ConfigRead read(Path file) {
        String name = file.toString();
        JsonNode document;
        try {
            // By the file's name, not its first character: "{nodeSelector: {a: b}}" is YAML.
            document = SafeYaml.readTree(SafeYaml.readText(file, MAX_BYTES), name, Syntax.ofFileName(name));
        } catch (InputFileException e) {
            return refused(SourceLocation.file(name), null, null, e.problem()
                    + (e.line() > 0 ? " (line " + e.line() + ")" : ""));
        }
        if (!document.isObject()) {
            return refused(SourceLocation.file(name), null, null,
                    "expected a SubscriptionConfig or a Subscription, not " + kindOfValue(document));
        }
        if (!document.has("kind") && !document.has("apiVersion")) {
            return of(document, ConfigLocation.file(name));
        }
        String kind = document.path("kind").asText("");
        String objectName = SUBSCRIPTION + "/" + document.path("metadata").path("name").asText("");
        if (!kind.equals(SUBSCRIPTION) || !document.path("apiVersion").asText("").equals(OLM_API_VERSION)) {
            return refused(SourceLocation.file(name), null, "kind", "expected a SubscriptionConfig (no apiVersion or "
                    + "kind) or a Subscription (" + OLM_API_VERSION + "), not " + document.path("apiVersion").asText("")
                    + " " + kind);
        }
        ConfigLocation location = new ConfigLocation(name, objectName, "spec.config.");
        JsonNode config = document.path("spec").path("config");
        if (config.isMissingNode() || config.isNull()) {
            Diagnostics.Collector said = new Diagnostics.Collector();
            said.warning(location.location(), objectName, "spec.config", "the Subscription has no spec.config: "
                    + "the operator runs as its bundle wrote it");
            return new ConfigRead.Read(OperatorConfig.NONE, location, said.toDiagnostics());
        }
        return of(config, location);
    }

    /** Checks a configuration already parsed, written at {@code location}. */
    public static ConfigRead of(JsonNode config, ConfigLocation location) {
        if (!config.isObject()) {
            return refused(location.location(), location.object(), location.field("<root>"),
                    "expected a SubscriptionConfig (an object), not " + kindOfValue(config));
        }
        JsonNode decoded = withoutNulls(config);
        List<FieldError> problems = ConfigChecks.problems(decoded);
        if (problems.isEmpty()) {
            Diagnostics.Collector said = new Diagnostics.Collector();
            if (decoded.has("selector")) {
                said.warning(location.location(), location.object(), location.field("selector"), "OLM takes a "
                        + "SubscriptionConfig's selector but never applies it, and neither does bundlectl");
            }
            return new ConfigRead.Read(OperatorConfig.of(decoded), location, said.toDiagnostics());
        }
        Diagnostics.Collector errors = new Diagnostics.Collector();
        problems.forEach(problem -> location.report(problem, errors));
        return new ConfigRead.Refused(errors.toDiagnostics());
    }

    /**
     * The configuration with every field written as {@code null} left out: a Subscription's
     * {@code null} is a field not set, as Go decodes it and as the API server prunes it.
     */
    private static JsonNode withoutNulls(JsonNode value) {
        if (value.isObject()) {
            ObjectNode kept = JsonNodeFactory.instance.objectNode();
            value.fields().forEachRemaining(field -> {
                if (!field.getValue().isNull()) {
                    kept.set(field.getKey(), withoutNulls(field.getValue()));
                }
            });
            return kept;
        }
        if (value.isArray()) {
            ArrayNode items = JsonNodeFactory.instance.arrayNode();
            value.forEach(item -> items.add(withoutNulls(item)));
            return items;
        }
        return value;
    }

    private static ConfigRead refused(SourceLocation location, String object, String field, String message) {
        Diagnostics.Collector errors = new Diagnostics.Collector();
        errors.error(location, object, field, message);
        return new ConfigRead.Refused(errors.toDiagnostics());
    }

    private static String kindOfValue(JsonNode value) {
        return value.isArray() ? "a list" : value.isTextual() ? "a string" : value.isNull() ? "null" : "a scalar";
    }
}
