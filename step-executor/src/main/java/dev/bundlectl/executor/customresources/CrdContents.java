package dev.bundlectl.executor.customresources;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.plan.api.ApiResource;
import java.util.List;
import java.util.Objects;

/**
 * What a CRD holds, read before it is deleted: its custom resources in every namespace, and the
 * versions the cluster has stored objects in.
 *
 * @param crdName the CRD's name, e.g. {@code caches.cache.bundlectl.dev}
 * @param type the kind its resources are listed and deleted through (its storage version), or null
 *     when it serves none (or is gone)
 * @param resources every resource of it, in list order; empty when it could not be listed
 * @param storedVersions its {@code status.storedVersions}
 * @param unreadable why its resources could not be listed, or null when they were
 */
public record CrdContents(String crdName, ApiResource type, List<HeldResource> resources, List<String> storedVersions,
        String unreadable) {

    public CrdContents {
        Objects.requireNonNull(crdName, "crdName");
        resources = List.copyOf(resources);
        storedVersions = List.copyOf(storedVersions);
    }

    /** How many resources carry finalizers. */
    public long withFinalizers() {
        return resources.stream().filter(resource -> !resource.finalizers().isEmpty()).count();
    }

    /**
     * e.g. {@code CustomResourceDefinition caches.cache.bundlectl.dev holds 3 custom resources (Cache), 1
     * with finalizers; stored versions: v1alpha1}.
     */
    public String line() {
        return "CustomResourceDefinition " + crdName + " holds " + summary();
    }

    /** e.g. {@code 3 custom resources (Cache), 1 with finalizers; stored versions: v1alpha1}. */
    public String summary() {
        String held = unreadable != null ? "custom resources that could not be listed (" + unreadable + ")"
                : resources.size() + " custom resource" + (resources.size() == 1 ? "" : "s")
                        + (type == null ? "" : " (" + type.kind() + ")") + ", " + withFinalizers() + " with finalizers";
        return held + "; stored versions: " + (storedVersions.isEmpty() ? "none" : String.join(", ", storedVersions));
    }

    /**
     * The kind a CRD serves its resources through: its storage version (else its first served one);
     * null when it serves none.
     */
    public static ApiResource servedKind(JsonNode crd) {
        JsonNode spec = crd.path("spec");
        String version = null;
        for (JsonNode each : spec.path("versions")) {
            if (each.path("served").asBoolean(false) && (version == null || each.path("storage").asBoolean(false))) {
                version = each.path("name").asText();
            }
        }
        return version == null ? null : new ApiResource(spec.path("group").asText(), version,
                spec.path("names").path("kind").asText(), spec.path("names").path("plural").asText(),
                "Namespaced".equals(spec.path("scope").asText()));
    }
}
