package dev.bundlectl.plan.config;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.crdschema.FieldError;
import dev.bundlectl.plan.objects.NameChecks;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code volumes}, checked as the API server's {@code ValidateVolumes} checks a pod's, with its
 * messages: each a unique DNS-1123 label for a name and exactly one source, and the sources
 * operators are given most (ConfigMaps, Secrets, claims, host paths, projections, CSI) with the
 * fields they need.
 */
final class VolumeChecks {

    /** Every volume source of Kubernetes 1.34's {@code VolumeSource}. */
    private static final List<String> SOURCES = List.of("hostPath", "emptyDir", "gcePersistentDisk",
            "awsElasticBlockStore", "gitRepo", "secret", "nfs", "iscsi", "glusterfs", "persistentVolumeClaim", "rbd",
            "flexVolume", "cinder", "cephfs", "flocker", "downwardAPI", "fc", "azureFile", "configMap",
            "vsphereVolume", "quobyte", "azureDisk", "photonPersistentDisk", "projected", "portworxVolume", "scaleIO",
            "storageos", "csi", "ephemeral", "image");
    /** The field each source names its object by; required. */
    private static final Map<String, String> NAMED_BY = Map.of("configMap", "name", "secret", "secretName",
            "persistentVolumeClaim", "claimName", "hostPath", "path", "csi", "driver", "nfs", "path");
    private static final int MAX_MODE = 0777;

    private VolumeChecks() {
    }

    static void volumes(JsonNode volumes, String path, List<FieldError> problems) {
        Set<String> names = new HashSet<>();
        for (int i = 0; i < volumes.size(); i++) {
            JsonNode volume = volumes.get(i);
            String at = path + "[" + i + "]";
            source(volume, at, problems);
            String name = volume.path("name").asText("");
            if (name.isEmpty()) {
                problems.add(FieldErrors.required(at + ".name", ""));
            } else {
                NameChecks.dns1123Label(name).forEach(m -> problems.add(FieldErrors.invalid(at + ".name", name, m)));
            }
            if (!name.isEmpty() && !names.add(name)) {
                problems.add(FieldErrors.duplicate(at + ".name", name));
            }
        }
    }

    /** {@code validateVolumeSource}: exactly one source, and what that source needs. */
    private static void source(JsonNode volume, String path, List<FieldError> problems) {
        String found = null;
        for (String source : SOURCES) {
            if (!volume.path(source).isObject()) {
                continue;
            }
            if (found != null) {
                problems.add(FieldErrors.forbidden(path + "." + source, "may not specify more than 1 volume type"));
                continue;
            }
            found = source;
            JsonNode body = volume.path(source);
            String nameField = NAMED_BY.get(source);
            if (nameField != null && body.path(nameField).asText("").isEmpty()) {
                problems.add(FieldErrors.required(path + "." + source + "." + nameField, ""));
            }
            mode(body.path("defaultMode"), path + "." + source + ".defaultMode", problems);
            items(body.path("items"), path + "." + source + ".items", problems);
            JsonNode projected = body.path("sources");
            for (int i = 0; i < projected.size(); i++) {
                for (String part : List.of("configMap", "secret", "downwardAPI")) {
                    items(projected.get(i).path(part).path("items"),
                            path + "." + source + ".sources[" + i + "]." + part + ".items", problems);
                }
            }
        }
        if (found == null) {
            problems.add(FieldErrors.required(path, "must specify a volume type"));
        }
    }

    /** The items a ConfigMap, Secret or downward API volume projects: a key or field, a relative path, a mode. */
    private static void items(JsonNode items, String path, List<FieldError> problems) {
        for (int i = 0; i < items.size(); i++) {
            JsonNode item = items.get(i);
            String at = path + "[" + i + "]";
            String itemPath = item.path("path").asText("");
            if (itemPath.isEmpty()) {
                problems.add(FieldErrors.required(at + ".path", ""));
            } else {
                localDescendingPath(itemPath, at + ".path", problems);
            }
            mode(item.path("mode"), at + ".mode", problems);
        }
    }

    private static void mode(JsonNode mode, String path, List<FieldError> problems) {
        if (mode.isNumber() && (mode.asLong() < 0 || mode.asLong() > MAX_MODE)) {
            problems.add(FieldErrors.invalid(path, mode, "must be a number between 0 and 0777 (octal), both inclusive"));
        }
    }

    /** {@code validateLocalDescendingPath}: relative, and never {@code ..}. */
    static void localDescendingPath(String value, String path, List<FieldError> problems) {
        if (value.startsWith("/")) {
            problems.add(FieldErrors.invalid(path, value, "must be a relative path"));
        }
        for (String part : value.split("/")) {
            if (part.equals("..")) {
                problems.add(FieldErrors.invalid(path, value, "must not contain '..'"));
                return;
            }
        }
    }
}
