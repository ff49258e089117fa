package dev.bundlectl.plan.review;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.bundle.Diagnostic;
import dev.bundlectl.bundle.yaml.JsonTrees;
import dev.bundlectl.plan.CsvMode;
import dev.bundlectl.plan.OptionalApi;
import dev.bundlectl.plan.OptionalApis;
import dev.bundlectl.plan.config.ClusterProxy;
import dev.bundlectl.plan.config.ConfigLocation;
import dev.bundlectl.plan.config.ConfigRead;
import dev.bundlectl.plan.config.OperatorConfig;
import dev.bundlectl.plan.config.OperatorConfigReader;
import dev.bundlectl.plan.payload.InstallHistory;
import dev.bundlectl.plan.payload.PayloadFilterSettings;
import dev.bundlectl.render.CertProvider;
import dev.bundlectl.render.InstallModeType;
import dev.bundlectl.render.RenderOptions;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * Writes {@link PlanOptions} as the compact JSON of the {@value PlanOptions#ANNOTATION} annotation,
 * and reads it back from a plan file, where it may have been edited: anything malformed is an
 * {@link IllegalArgumentException} naming the field.
 */
public final class PlanOptionsAnnotation {

    private PlanOptionsAnnotation() {
    }

    /** The annotation value. */
    public static String write(PlanOptions options) {
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        if (options.csvMode() != null) {
            node.put("csvMode", options.csvMode().wireName());
        }
        RenderOptions render = options.render();
        if (render.installMode() != null) {
            node.put("installMode", render.installMode().wireName());
        }
        if (!render.watchNamespaces().isEmpty()) {
            strings(node.putArray("watchNamespaces"), render.watchNamespaces());
        }
        if (render.certProvider() != null) {
            node.put("certProvider", render.certProvider().wireName());
        }
        if (options.capabilities() != null) {
            ObjectNode capabilities = node.putObject("capabilities");
            strings(capabilities.putArray("enabled"), options.capabilities().enabled());
            strings(capabilities.putArray("known"), options.capabilities().known());
        }
        if (options.payload() != null) {
            ObjectNode payload = node.putObject("payload");
            putIfSet(payload, "excludeIdentifier", options.payload().excludeIdentifier());
            putIfSet(payload, "featureSet", options.payload().featureSet());
            putIfSet(payload, "profile", options.payload().profile());
        }
        if (options.phase() != null) {
            node.put("phase", options.phase().name().toLowerCase(Locale.ROOT).replace('_', '-'));
        }
        if (!options.optionalApis().isEmpty()) {
            strings(node.putArray("optionalApis"), options.optionalApis().texts());
        }
        if (!options.conversion().enabled()) {
            node.put("convert", false);
        }
        if (!options.conversion().converted().isEmpty()) {
            strings(node.putArray("converted"), options.conversion().converted());
        }
        if (options.config() != null) {
            node.set("config", options.config().toJson());
        }
        if (options.proxy() != null) {
            ObjectNode proxy = node.putObject("proxy");
            putIfSet(proxy, "httpProxy", emptyToNull(options.proxy().httpProxy()));
            putIfSet(proxy, "httpsProxy", emptyToNull(options.proxy().httpsProxy()));
            putIfSet(proxy, "noProxy", emptyToNull(options.proxy().noProxy()));
        }
        return JsonTrees.compact(node);
    }

    /** The options an annotation value holds; throws {@link IllegalArgumentException} naming the bad field. */
    public static PlanOptions read(String value) {
        JsonNode node;
        try {
            node = JsonTrees.read(value);
        } catch (IOException e) {
            throw new IllegalArgumentException("not valid JSON: " + e.getMessage());
        }
        if (!(node instanceof ObjectNode)) {
            throw new IllegalArgumentException("not a JSON object");
        }
        CsvMode csvMode = optional(node, "csvMode") == null ? null
                : CsvMode.fromWireName(optional(node, "csvMode"))
                        .orElseThrow(() -> bad("csvMode", optional(node, "csvMode")));
        InstallModeType installMode = optional(node, "installMode") == null ? null
                : InstallModeType.fromWireName(optional(node, "installMode"))
                        .orElseThrow(() -> bad("installMode", optional(node, "installMode")));
        CertProvider certProvider = optional(node, "certProvider") == null ? null
                : CertProvider.fromWireName(optional(node, "certProvider"))
                        .orElseThrow(() -> bad("certProvider", optional(node, "certProvider")));
        List<String> watchNamespaces = stringList(node, "watchNamespaces");
        RenderOptions render;
        try {
            render = new RenderOptions(installMode, watchNamespaces, certProvider);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("watchNamespaces: " + e.getMessage());
        }
        PlanOptions.RecordedCapabilities capabilities = null;
        if (node.has("capabilities")) {
            JsonNode recorded = node.get("capabilities");
            capabilities = new PlanOptions.RecordedCapabilities(stringSet(recorded, "capabilities.enabled", "enabled"),
                    stringSet(recorded, "capabilities.known", "known"));
        }
        PayloadFilterSettings payload = null;
        if (node.has("payload")) {
            JsonNode recorded = node.get("payload");
            payload = new PayloadFilterSettings(optional(recorded, "excludeIdentifier"),
                    optional(recorded, "featureSet"), optional(recorded, "profile"));
        }
        InstallHistory phase = null;
        String phaseName = optional(node, "phase");
        if (phaseName != null) {
            try {
                phase = InstallHistory.valueOf(phaseName.toUpperCase(Locale.ROOT).replace('-', '_'));
            } catch (IllegalArgumentException unknown) {
                throw bad("phase", phaseName);
            }
        }
        return new PlanOptions(csvMode, render, capabilities, payload, phase, optionalApis(node), conversion(node),
                config(node), proxy(node));
    }

    /** The recorded configuration, checked as any configuration is: an edited one may be wrong. */
    private static OperatorConfig config(JsonNode node) {
        JsonNode recorded = node.get("config");
        if (recorded == null || recorded.isNull()) {
            return null;
        }
        ConfigRead read = OperatorConfigReader.of(recorded, new ConfigLocation(PlanOptions.ANNOTATION, null, "config."));
        if (read instanceof ConfigRead.Refused refused) {
            Diagnostic first = refused.diagnostics().errors().get(0);
            throw new IllegalArgumentException(first.field() + ": " + first.message());
        }
        return ((ConfigRead.Read) read).config();
    }

    private static ClusterProxy proxy(JsonNode node) {
        JsonNode recorded = node.get("proxy");
        if (recorded == null || recorded.isNull()) {
            return null;
        }
        if (!recorded.isObject()) {
            throw new IllegalArgumentException("proxy: expected an object");
        }
        return new ClusterProxy(optional(recorded, "httpProxy"), optional(recorded, "httpsProxy"),
                optional(recorded, "noProxy"));
    }

    private static String emptyToNull(String value) {
        return value.isEmpty() ? null : value;
    }

    private static OptionalApis optionalApis(JsonNode node) {
        List<OptionalApi> rules = new ArrayList<>();
        for (String text : stringList(node, "optionalApis")) {
            try {
                rules.add(OptionalApi.parse(text));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("optionalApis: \"" + text + "\": " + e.getMessage());
            }
        }
        return new OptionalApis(rules);
    }

    private static PlanOptions.RecordedConversion conversion(JsonNode node) {
        JsonNode convert = node.get("convert");
        if (convert != null && !convert.isBoolean()) {
            throw new IllegalArgumentException("convert: expected true or false");
        }
        boolean enabled = convert == null || convert.booleanValue();
        SortedSet<String> converted = new TreeSet<>(stringList(node, "converted"));
        if (!enabled && !converted.isEmpty()) {
            throw new IllegalArgumentException("converted: a plan made with convert false converts nothing");
        }
        return new PlanOptions.RecordedConversion(enabled, converted);
    }

    private static IllegalArgumentException bad(String field, String value) {
        return new IllegalArgumentException(field + ": unknown value \"" + value + "\"");
    }

    private static String optional(JsonNode node, String field) {
        JsonNode value = node.get(field);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isTextual()) {
            throw new IllegalArgumentException(field + ": expected a string");
        }
        return value.asText();
    }

    private static List<String> stringList(JsonNode node, String field) {
        JsonNode value = node.get(field);
        List<String> strings = new ArrayList<>();
        if (value == null || value.isNull()) {
            return strings;
        }
        if (!value.isArray()) {
            throw new IllegalArgumentException(field + ": expected a list of strings");
        }
        for (JsonNode item : value) {
            if (!item.isTextual()) {
                throw new IllegalArgumentException(field + ": expected a list of strings");
            }
            strings.add(item.asText());
        }
        return strings;
    }

    private static SortedSet<String> stringSet(JsonNode node, String path, String field) {
        try {
            return new TreeSet<>(stringList(node, field));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(path + ": expected a list of strings");
        }
    }

    private static void strings(ArrayNode array, Iterable<String> values) {
        values.forEach(array::add);
    }

    private static void putIfSet(ObjectNode node, String field, String value) {
        if (value != null) {
            node.put(field, value);
        }
    }
}
