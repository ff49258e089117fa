package dev.bundlectl.render;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.bundle.Manifest;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Reads what rendering needs from a CSV body, checking each field it relies on. Problems are
 * collected, not thrown: the returned spec holds what could be read, and the renderer refuses
 * when any problem was found.
 */
final class CsvSpecReader {

    private static final String STRATEGY_FIELD = "spec.install.spec";

    private CsvSpecReader() {
    }

    static CsvSpec read(Manifest csv, RenderProblems problems) {
        JsonNode spec = csv.body().path("spec");
        if (!spec.isObject()) {
            problems.add("spec", "missing: the CSV has no spec to render");
        }
        ownedApiServices(spec, problems);
        JsonNode install = spec.path("install");
        if (spec.isObject() && !install.isObject()) {
            problems.add("spec.install", "missing: the CSV has no install strategy to render");
        } else if (install.isObject()) {
            String strategy = Json.text(install, "strategy");
            if (!"deployment".equals(strategy)) {
                problems.add("spec.install.strategy", (strategy == null ? "missing" : "strategy \"" + strategy + "\"")
                        + ": only the \"deployment\" install strategy can be rendered");
            }
        }
        JsonNode details = install.path("spec");
        String version = Json.text(spec, "version");
        return new CsvSpec(csv.name(), RenderNames.baseName(csv.name(), version), installModes(spec),
                list(details, "deployments", STRATEGY_FIELD + ".deployments", problems, CsvSpecReader::deployment),
                list(details, "permissions", STRATEGY_FIELD + ".permissions", problems, CsvSpecReader::permission),
                list(details, "clusterPermissions", STRATEGY_FIELD + ".clusterPermissions", problems,
                        CsvSpecReader::permission),
                list(spec, "webhookdefinitions", "spec.webhookdefinitions", problems, CsvSpecReader::webhook));
    }

    /** Aggregated API servers are registered by OLM's own controllers, which rendering has no stand-in for. */
    private static void ownedApiServices(JsonNode spec, RenderProblems problems) {
        JsonNode owned = spec.path("apiservicedefinitions").path("owned");
        for (int i = 0; i < owned.size(); i++) {
            JsonNode entry = owned.get(i);
            String name = Json.text(entry, "version") + "." + Json.text(entry, "group");
            String deployment = Json.text(entry, "deploymentName");
            problems.add("spec.apiservicedefinitions.owned[" + i + "]", "APIService " + name
                    + (deployment == null ? "" : " (served by deployment " + deployment + ")")
                    + " is not supported in csv-mode render: an aggregated API server needs OLM to register it;"
                    + " install with --csv-mode olm on a cluster that runs OLM");
        }
    }

    private static Map<InstallModeType, Boolean> installModes(JsonNode spec) {
        Map<InstallModeType, Boolean> modes = new EnumMap<>(InstallModeType.class);
        for (JsonNode entry : spec.path("installModes")) {
            JsonNode supported = entry.path("supported");
            boolean isSupported = supported.isBoolean() ? supported.booleanValue() : "true".equals(supported.asText());
            InstallModeType.fromWireName(Json.text(entry, "type")).ifPresent(type -> modes.put(type, isSupported));
        }
        return modes;
    }

    /** Reads each element of {@code parent.name}; a missing list is empty, anything else but a list is a problem. */
    private static <T> List<T> list(JsonNode parent, String name, String field, RenderProblems problems,
            ElementReader<T> reader) {
        JsonNode list = parent.path(name);
        List<T> read = new ArrayList<>();
        if (list.isMissingNode() || list.isNull()) {
            return read;
        }
        if (!list.isArray()) {
            problems.add(field, "must be a list");
            return read;
        }
        for (int i = 0; i < list.size(); i++) {
            String elementField = field + "[" + i + "]";
            JsonNode element = list.get(i);
            if (!element.isObject()) {
                problems.add(elementField, "must be an object");
                continue;
            }
            T value = reader.read((ObjectNode) element, i, elementField, problems);
            if (value != null) {
                read.add(value);
            }
        }
        return read;
    }

    private static StrategyDeployment deployment(ObjectNode entry, int index, String field, RenderProblems problems) {
        String name = Json.text(entry, "name");
        if (name == null || !RenderNames.isDnsSubdomain(name)) {
            problems.add(field + ".name", name == null ? "missing: every deployment needs a name"
                    : "\"" + name + "\" is not a valid Deployment name (a DNS subdomain)");
            return null;
        }
        JsonNode spec = entry.get("spec");
        if (spec == null || !spec.isObject()) {
            problems.add(field + ".spec", "missing: deployment " + name + " has no spec");
            return null;
        }
        JsonNode label = entry.path("label");
        if (!label.isMissingNode() && !label.isNull() && !label.isObject()) {
            problems.add(field + ".label", "must be a map of labels");
        }
        return new StrategyDeployment(index, name, (ObjectNode) spec, Json.textMap(label));
    }

    private static StrategyPermission permission(ObjectNode entry, int index, String field, RenderProblems problems) {
        String serviceAccount = Json.text(entry, "serviceAccountName");
        if (serviceAccount == null || !RenderNames.isDnsSubdomain(serviceAccount)) {
            problems.add(field + ".serviceAccountName", serviceAccount == null ? "missing"
                    : "\"" + serviceAccount + "\" is not a valid ServiceAccount name (a DNS subdomain)");
            return null;
        }
        JsonNode rules = entry.path("rules");
        if (!rules.isMissingNode() && !rules.isNull() && !rules.isArray()) {
            problems.add(field + ".rules", "must be a list of policy rules");
            return null;
        }
        return new StrategyPermission(field, serviceAccount, rules.isArray() ? policyRules((ArrayNode) rules) : Json.array());
    }

    /** The fields of Kubernetes' PolicyRule; anything else in a CSV's rule is left out. */
    private static final List<String> POLICY_RULE_FIELDS =
            List.of("apiGroups", "resources", "resourceNames", "verbs", "nonResourceURLs");

    /**
     * The rules as PolicyRules. OLM reads permissions into typed PolicyRules, so a field they do
     * not have (OpenShift 3's {@code attributeRestrictions}, in old CSVs) never reaches the
     * cluster; server-side apply would refuse the whole object for it.
     */
    private static ArrayNode policyRules(ArrayNode rules) {
        ArrayNode kept = Json.array();
        for (JsonNode rule : rules) {
            if (!(rule instanceof ObjectNode object)) {
                kept.add(rule.deepCopy());
                continue;
            }
            ObjectNode copy = kept.addObject();
            object.fields().forEachRemaining(field -> {
                if (POLICY_RULE_FIELDS.contains(field.getKey())) {
                    copy.set(field.getKey(), field.getValue().deepCopy());
                }
            });
        }
        return kept;
    }

    private static WebhookDefinition webhook(ObjectNode entry, int index, String field, RenderProblems problems) {
        String generateName = Json.text(entry, "generateName");
        String typeName = Json.text(entry, "type");
        String deploymentName = Json.text(entry, "deploymentName");
        boolean valid = true;
        if (generateName == null || generateName.isEmpty()) {
            problems.add(field + ".generateName", "missing: every webhook needs a name");
            valid = false;
        }
        WebhookDefinition.Type type = WebhookDefinition.Type.fromWireName(typeName).orElse(null);
        if (type == null) {
            problems.add(field + ".type", (typeName == null ? "missing" : "\"" + typeName + "\" is unknown")
                    + ": use ValidatingAdmissionWebhook, MutatingAdmissionWebhook or ConversionWebhook");
            valid = false;
        }
        if (deploymentName == null || deploymentName.isEmpty()) {
            problems.add(field + ".deploymentName", "missing: the webhook must name the deployment that serves it");
            valid = false;
        }
        int port = WebhookDefinition.DEFAULT_PORT;
        JsonNode containerPort = entry.path("containerPort");
        if (!containerPort.isMissingNode() && !containerPort.isNull()) {
            if (!containerPort.canConvertToInt() || !containerPort.isIntegralNumber() || containerPort.intValue() < 1
                    || containerPort.intValue() > 65535) {
                problems.add(field + ".containerPort", "must be a port number from 1 to 65535");
                valid = false;
            } else {
                port = containerPort.intValue();
            }
        }
        JsonNode targetPort = entry.get("targetPort");
        if (targetPort != null && !targetPort.isNull() && !targetPort.isIntegralNumber() && !targetPort.isTextual()) {
            problems.add(field + ".targetPort", "must be a port number or a port name");
            valid = false;
        }
        List<String> conversionCrds = new ArrayList<>();
        entry.path("conversionCRDs").forEach(crd -> conversionCrds.add(crd.asText()));
        if (type == WebhookDefinition.Type.CONVERSION && conversionCrds.isEmpty()) {
            problems.add(field + ".conversionCRDs", "missing: a conversion webhook must name the CRDs it converts");
            valid = false;
        }
        if (!valid) {
            return null;
        }
        return new WebhookDefinition(index, entry, generateName, type, deploymentName, port,
                targetPort == null || targetPort.isNull() ? null : targetPort, conversionCrds);
    }

    @FunctionalInterface
    private interface ElementReader<T> {
        T read(ObjectNode element, int index, String field, RenderProblems problems);
    }
}
