package dev.bundlectl.plan.objects;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.bundle.Manifest;
import dev.bundlectl.crdschema.CrdVersion;
import dev.bundlectl.crdschema.CrdVersions;
import dev.bundlectl.crdschema.SchemaValidator;
import dev.bundlectl.plan.api.GroupVersionKind;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The schemas of the bundle's own CRDs, by group, kind and version, so that a custom resource
 * shipped in the same bundle is validated as the server will validate it once the CRD exists.
 * Each schema is compiled on first use. One instance per plan; not shared between threads.
 */
public final class CustomResourceSchemas {

    private final Map<GroupVersionKind, CustomResourceSchema> schemas = new HashMap<>();
    private final Map<GroupVersionKind, SchemaValidator> compiled = new HashMap<>();

    /**
     * One version's schema.
     *
     * @param schema its {@code openAPIV3Schema}
     * @param statusSubresource whether the version has the status subresource, so that a create
     *     cannot set {@code status}
     */
    record CustomResourceSchema(JsonNode schema, boolean statusSubresource) {
    }

    private CustomResourceSchemas() {
    }

    /** No CRDs: custom resources are not checked. */
    public static CustomResourceSchemas none() {
        return new CustomResourceSchemas();
    }

    /** The schemas of these CRD manifests (those the plan will apply). */
    public static CustomResourceSchemas of(List<Manifest> crds) {
        CustomResourceSchemas schemas = new CustomResourceSchemas();
        for (Manifest crd : crds) {
            JsonNode spec = crd.body().path("spec");
            String group = spec.path("group").asText("");
            String kind = spec.path("names").path("kind").asText("");
            if (group.isEmpty() || kind.isEmpty()) {
                continue;
            }
            for (CrdVersion version : CrdVersions.of(crd.body())) {
                if (version.hasSchema()) {
                    schemas.schemas.putIfAbsent(key(group, version.name(), kind),
                            new CustomResourceSchema(version.schema(), hasStatusSubresource(spec, version.name())));
                }
            }
        }
        return schemas;
    }

    /** v1 gives each version its subresources; v1beta1 may give them once for all versions. */
    private static boolean hasStatusSubresource(JsonNode spec, String version) {
        for (JsonNode candidate : spec.path("versions")) {
            if (version.equals(candidate.path("name").asText()) && candidate.path("subresources").has("status")) {
                return true;
            }
        }
        return spec.path("subresources").has("status");
    }

    /** The schema for objects of this group, version and kind, if a bundle CRD gives one. */
    Optional<CustomResourceSchema> schema(String group, String version, String kind) {
        return Optional.ofNullable(schemas.get(key(group, version, kind)));
    }

    /** The compiled validator for {@link #schema}'s result. */
    Optional<SchemaValidator> validator(String group, String version, String kind) {
        GroupVersionKind key = key(group, version, kind);
        return schema(group, version, kind)
                .map(found -> compiled.computeIfAbsent(key, unused -> SchemaValidator.of(found.schema())));
    }

    private static GroupVersionKind key(String group, String version, String kind) {
        return new GroupVersionKind(group, version, kind);
    }
}
