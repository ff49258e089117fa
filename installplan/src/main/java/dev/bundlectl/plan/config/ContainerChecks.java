package dev.bundlectl.plan.config;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.crdschema.FieldError;
import dev.bundlectl.plan.objects.NameChecks;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What the configuration gives every container, checked as the API server checks a container
 * (its {@code ValidateResourceRequirements}, {@code ValidateEnv}, {@code ValidateEnvFrom} and
 * {@code ValidateVolumeMounts}, Kubernetes 1.34), with its messages. Whether a mount names a
 * volume the pod has is known only with the bundle's pods ({@link MountedVolumes}).
 */
final class ContainerChecks {

    /** Kubernetes 1.34's environment variable names (RelaxedEnvironmentVariableValidation, GA). */
    private static final String ENV_NAME = "a valid environment variable name must consist only of printable "
            + "ASCII characters other than '='";
    private static final Set<String> NATIVE = Set.of("cpu", "memory", "ephemeral-storage");
    private static final String HUGEPAGES = "hugepages-";
    private static final Pattern CONFIG_MAP_KEY = Pattern.compile("[-._a-zA-Z0-9]+");
    private static final Set<String> FIELD_PATHS = Set.of("metadata.name", "metadata.namespace", "metadata.uid",
            "spec.nodeName", "spec.serviceAccountName", "status.hostIP", "status.hostIPs", "status.podIP",
            "status.podIPs");
    private static final Set<String> RESOURCE_FIELDS = Set.of("limits.cpu", "limits.memory",
            "limits.ephemeral-storage", "requests.cpu", "requests.memory", "requests.ephemeral-storage");

    private ContainerChecks() {
    }

    /** {@code resources}: names, quantities, and each request within its limit. */
    static void resources(JsonNode resources, String path, List<FieldError> problems) {
        Map<String, Quantity> limits = new HashMap<>();
        quantities(resources.path("limits"), path + ".limits", problems, limits);
        Map<String, Quantity> requests = new HashMap<>();
        quantities(resources.path("requests"), path + ".requests", problems, requests);
        requests.forEach((name, request) -> {
            Quantity limit = limits.get(name);
            String at = path + ".requests[" + name + "]";
            if (limit == null) {
                if (!overcommitAllowed(name)) {
                    problems.add(FieldErrors.required(path + ".limits",
                            "Limit must be set for non overcommitable resources"));
                }
            } else if (!overcommitAllowed(name) && request.value().compareTo(limit.value()) != 0) {
                problems.add(FieldErrors.invalid(at, request.text(),
                        "must be equal to " + name + " limit of " + limit.text()));
            } else if (request.exceeds(limit)) {
                problems.add(FieldErrors.invalid(at, request.text(),
                        "must be less than or equal to " + name + " limit of " + limit.text()));
            }
        });
    }

    private static void quantities(JsonNode map, String path, List<FieldError> problems, Map<String, Quantity> read) {
        map.fields().forEachRemaining(entry -> {
            String name = entry.getKey();
            String at = path + "[" + name + "]";
            resourceName(name, at, problems);
            String text = entry.getValue().asText();
            Optional<Quantity> quantity = Quantity.parse(text);
            if (quantity.isEmpty()) {
                problems.add(FieldErrors.invalid(at, text, Quantity.FORMAT));
            } else if (quantity.get().value().signum() < 0) {
                problems.add(FieldErrors.invalid(at, text, "must be greater than or equal to 0"));
            } else {
                read.put(name, quantity.get());
            }
        });
    }

    /** {@code validateContainerResourceName}: a qualified name, and without a domain a container's standard resource. */
    private static void resourceName(String name, String path, List<FieldError> problems) {
        NameChecks.qualifiedName(name).forEach(m -> problems.add(FieldErrors.invalid(path, name, m)));
        if (!name.contains("/") && !NATIVE.contains(name) && !name.startsWith(HUGEPAGES)) {
            problems.add(FieldErrors.invalid(path, name, "must be a standard resource for containers"));
        }
    }

    /** {@code IsOvercommitAllowed}: native resources other than hugepages; the rest must request their limit. */
    private static boolean overcommitAllowed(String name) {
        boolean nativeResource = !name.contains("/") || name.contains("kubernetes.io/");
        return nativeResource && !name.startsWith(HUGEPAGES);
    }

    /** {@code env}: names, and each {@code valueFrom} naming exactly one source. */
    static void env(JsonNode env, String path, List<FieldError> problems) {
        for (int i = 0; i < env.size(); i++) {
            JsonNode variable = env.get(i);
            String at = path + "[" + i + "]";
            envName(variable.path("name").asText(""), at + ".name", problems);
            JsonNode valueFrom = variable.path("valueFrom");
            if (!valueFrom.isObject()) {
                continue;
            }
            String from = at + ".valueFrom";
            int sources = 0;
            if (valueFrom.path("fieldRef").isObject()) {
                sources++;
                fieldRef(valueFrom.path("fieldRef"), from + ".fieldRef", problems);
            }
            if (valueFrom.path("resourceFieldRef").isObject()) {
                sources++;
                String resource = valueFrom.path("resourceFieldRef").path("resource").asText("");
                if (resource.isEmpty()) {
                    problems.add(FieldErrors.required(from + ".resourceFieldRef.resource", ""));
                } else if (!RESOURCE_FIELDS.contains(resource) && !resource.startsWith("limits.hugepages-")
                        && !resource.startsWith("requests.hugepages-")) {
                    problems.add(FieldErrors.notSupported(from + ".resourceFieldRef.resource", resource,
                            RESOURCE_FIELDS.stream().sorted().toArray(String[]::new)));
                }
            }
            for (String selector : List.of("configMapKeyRef", "secretKeyRef")) {
                if (valueFrom.path(selector).isObject()) {
                    sources++;
                    keySelector(valueFrom.path(selector), from + "." + selector, problems);
                }
            }
            if (valueFrom.path("fileKeyRef").isObject()) {
                sources++;
            }
            if (sources == 0) {
                problems.add(FieldErrors.invalid(from, "", "must specify one of: `fieldRef`, `resourceFieldRef`, "
                        + "`configMapKeyRef` or `secretKeyRef`"));
            } else if (!variable.path("value").asText("").isEmpty()) {
                problems.add(FieldErrors.invalid(from, "", "may not be specified when `value` is not empty"));
            } else if (sources > 1) {
                problems.add(FieldErrors.invalid(from, "", "may not have more than one field specified at a time"));
            }
        }
    }

    /** {@code envFrom}: a prefix that makes valid names, and exactly one of a ConfigMap and a Secret. */
    static void envFrom(JsonNode envFrom, String path, List<FieldError> problems) {
        for (int i = 0; i < envFrom.size(); i++) {
            JsonNode source = envFrom.get(i);
            String at = path + "[" + i + "]";
            String prefix = source.path("prefix").asText("");
            if (!prefix.isEmpty()) {
                envName(prefix, at + ".prefix", problems);
            }
            int sources = 0;
            for (String ref : List.of("configMapRef", "secretRef")) {
                if (source.path(ref).isObject()) {
                    sources++;
                    objectName(source.path(ref).path("name").asText(""), at + "." + ref + ".name", problems);
                }
            }
            if (sources == 0) {
                problems.add(FieldErrors.invalid(at, "", "must specify one of: `configMapRef` or `secretRef`"));
            } else if (sources > 1) {
                problems.add(FieldErrors.forbidden(at, "may not have more than one field specified at a time"));
            }
        }
    }

    /** {@code volumeMounts}, on their own: a volume name, a unique path, a relative sub-path. */
    static void volumeMounts(JsonNode mounts, String path, List<FieldError> problems) {
        Set<String> paths = new HashSet<>();
        for (int i = 0; i < mounts.size(); i++) {
            JsonNode mount = mounts.get(i);
            String at = path + "[" + i + "]";
            if (mount.path("name").asText("").isEmpty()) {
                problems.add(FieldErrors.required(at + ".name", ""));
            }
            String mountPath = mount.path("mountPath").asText("");
            if (mountPath.isEmpty()) {
                problems.add(FieldErrors.required(at + ".mountPath", ""));
            } else if (!paths.add(mountPath)) {
                problems.add(FieldErrors.invalid(at + ".mountPath", mountPath, "must be unique"));
            }
            String subPath = mount.path("subPath").asText("");
            if (!subPath.isEmpty()) {
                VolumeChecks.localDescendingPath(subPath, at + ".subPath", problems);
                if (!mount.path("subPathExpr").asText("").isEmpty()) {
                    problems.add(FieldErrors.invalid(at + ".subPathExpr", mount.path("subPathExpr").asText(),
                            "subPathExpr and subPath are mutually exclusive"));
                }
            }
            String propagation = mount.path("mountPropagation").asText("");
            if (!propagation.isEmpty() && !List.of("Bidirectional", "HostToContainer", "None").contains(propagation)) {
                problems.add(FieldErrors.notSupported(at + ".mountPropagation", propagation, "Bidirectional",
                        "HostToContainer", "None"));
            }
        }
    }

    /** {@code IsRelaxedEnvVarName}. */
    private static void envName(String name, String path, List<FieldError> problems) {
        if (name.isEmpty()) {
            problems.add(FieldErrors.required(path, ""));
            return;
        }
        if (name.chars().anyMatch(c -> c < 0x20 || c > 0x7e || c == '=')) {
            problems.add(FieldErrors.invalid(path, name, ENV_NAME));
        }
    }

    private static void fieldRef(JsonNode ref, String path, List<FieldError> problems) {
        String fieldPath = ref.path("fieldPath").asText("");
        if (fieldPath.isEmpty()) {
            problems.add(FieldErrors.required(path + ".fieldPath", ""));
            return;
        }
        String subscripted = fieldPath.replaceFirst("^(metadata\\.(labels|annotations))\\['[^']+'\\]$", "$1");
        if (!FIELD_PATHS.contains(fieldPath) && subscripted.equals(fieldPath)) {
            problems.add(FieldErrors.notSupported(path + ".fieldPath", fieldPath, FIELD_PATHS.stream().sorted()
                    .toArray(String[]::new)));
        }
    }

    private static void keySelector(JsonNode selector, String path, List<FieldError> problems) {
        objectName(selector.path("name").asText(""), path + ".name", problems);
        String key = selector.path("key").asText("");
        if (key.isEmpty()) {
            problems.add(FieldErrors.required(path + ".key", ""));
        } else if (key.length() > 253 || !CONFIG_MAP_KEY.matcher(key).matches()) {
            problems.add(FieldErrors.invalid(path + ".key", key,
                    "a valid config key must consist of alphanumeric characters, '-', '_' or '.'"));
        }
    }

    /** The name of a ConfigMap or Secret referred to: required, a DNS-1123 subdomain. */
    static void objectName(String name, String path, List<FieldError> problems) {
        if (name.isEmpty()) {
            problems.add(FieldErrors.required(path, ""));
        } else {
            NameChecks.dns1123Subdomain(name).forEach(m -> problems.add(FieldErrors.invalid(path, name, m)));
        }
    }
}
