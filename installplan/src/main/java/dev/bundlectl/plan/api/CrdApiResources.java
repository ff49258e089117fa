package dev.bundlectl.plan.api;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.bundle.Manifest;
import dev.bundlectl.bundle.kinds.GroupKind;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The APIs that CustomResourceDefinitions serve: every served version, the scope from
 * {@code spec.scope} and the plural from {@code spec.names.plural}. Reads both
 * {@code apiextensions.k8s.io/v1} ({@code spec.versions[]}) and {@code v1beta1}
 * ({@code spec.version} and/or {@code spec.versions[]}).
 */
public final class CrdApiResources {

    /** The API group of CustomResourceDefinitions. */
    public static final String CRD_GROUP = GroupKind.CUSTOM_RESOURCE_DEFINITION.group();
    /** The kind of CustomResourceDefinitions. */
    public static final String CRD_KIND = GroupKind.CUSTOM_RESOURCE_DEFINITION.kind();
    /** The description of a surface made of a bundle's CRDs. */
    public static final String DESCRIPTION = "the bundle's CRDs";

    private CrdApiResources() {
    }

    /** Whether this manifest is a CustomResourceDefinition. */
    public static boolean isCrd(Manifest manifest) {
        return manifest.groupKind().isCrd();
    }

    /**
     * The served resources of every CRD among the manifests, in manifest order. Other kinds are
     * skipped, and so are CRDs without {@code spec.group} or {@code spec.names.kind}: the bundle
     * reader reports those.
     */
    public static List<ApiResource> from(Collection<Manifest> manifests) {
        List<ApiResource> resources = new ArrayList<>();
        for (Manifest manifest : manifests) {
            if (isCrd(manifest)) {
                resources.addAll(fromCrd(manifest.body()));
            }
        }
        return List.copyOf(resources);
    }

    /** The served resources of one CRD body; empty when it lacks group, kind or versions. */
    public static List<ApiResource> fromCrd(JsonNode crd) {
        JsonNode spec = crd.path("spec");
        String group = spec.path("group").asText("");
        String kind = spec.path("names").path("kind").asText("");
        if (group.isBlank() || kind.isBlank()) {
            return List.of();
        }
        String plural = spec.path("names").path("plural").asText("");
        if (plural.isBlank()) {
            plural = Plurals.guess(kind);
        }
        // apiextensions requires scope; a CRD without one is namespaced, the historical default.
        boolean namespaced = !"Cluster".equals(spec.path("scope").asText("Namespaced"));
        List<ApiResource> resources = new ArrayList<>();
        for (String version : servedVersions(spec)) {
            resources.add(new ApiResource(group, version, kind, plural, namespaced));
        }
        return resources;
    }

    /**
     * {@code spec.versions[]} entries that are not {@code served: false}; in v1beta1, when the
     * list is absent, the single {@code spec.version}.
     */
    private static Set<String> servedVersions(JsonNode spec) {
        Set<String> versions = new LinkedHashSet<>();
        JsonNode list = spec.path("versions");
        if (list.isArray() && !list.isEmpty()) {
            for (JsonNode entry : list) {
                String name = entry.path("name").asText("");
                boolean served = !entry.has("served") || entry.path("served").asBoolean(true);
                if (!name.isBlank() && served) {
                    versions.add(name);
                }
            }
            return versions;
        }
        String single = spec.path("version").asText("");
        if (!single.isBlank()) {
            versions.add(single);
        }
        return versions;
    }
}
