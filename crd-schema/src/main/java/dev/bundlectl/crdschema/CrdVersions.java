package dev.bundlectl.crdschema;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Reads the versions of a CustomResourceDefinition and the schema of each, for both API
 * versions of the CRD kind: {@code apiextensions.k8s.io/v1} gives each version its own
 * {@code spec.versions[].schema.openAPIV3Schema}; {@code v1beta1} gives either one
 * {@code spec.validation.openAPIV3Schema} for all versions or a schema per version, and may
 * name a single {@code spec.version} instead of a list.
 */
public final class CrdVersions {

    private CrdVersions() {
    }

    /** Every version the CRD declares, in its order; empty when it declares none. */
    public static List<CrdVersion> of(JsonNode crd) {
        JsonNode spec = crd.path("spec");
        JsonNode shared = spec.path("validation").path("openAPIV3Schema");
        List<CrdVersion> versions = new ArrayList<>();
        for (JsonNode version : spec.path("versions")) {
            String name = version.path("name").asText("");
            if (name.isEmpty()) {
                continue;
            }
            JsonNode own = version.path("schema").path("openAPIV3Schema");
            versions.add(new CrdVersion(name, version.path("served").asBoolean(false),
                    version.path("storage").asBoolean(false), own.isObject() ? own : shared));
        }
        if (versions.isEmpty() && spec.path("version").isTextual() && !spec.path("version").asText().isEmpty()) {
            versions.add(new CrdVersion(spec.path("version").asText(), true, true, shared));
        }
        return List.copyOf(versions);
    }

    /** The schema that applies to {@code version}, if the CRD has that version and gives one. */
    public static Optional<JsonNode> schema(JsonNode crd, String version) {
        return of(crd).stream()
                .filter(candidate -> candidate.name().equals(version) && candidate.hasSchema())
                .map(CrdVersion::schema)
                .findFirst();
    }
}
