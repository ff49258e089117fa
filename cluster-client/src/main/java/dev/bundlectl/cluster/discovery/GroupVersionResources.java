package dev.bundlectl.cluster.discovery;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.plan.api.ApiResource;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What one group/version serves, by kind. Empty when the server does not serve the group/version
 * at all.
 *
 * @param group API group, {@code ""} for core
 * @param version API version
 * @param byKind served resources by kind (subresources such as {@code deployments/status} are
 *     left out)
 */
public record GroupVersionResources(String group, String version, Map<String, ApiResource> byKind) {

    public GroupVersionResources {
        Objects.requireNonNull(group, "group");
        Objects.requireNonNull(version, "version");
        byKind = Map.copyOf(byKind);
    }

    /** A group/version the server does not serve. */
    public static GroupVersionResources notServed(String group, String version) {
        return new GroupVersionResources(group, version, Map.of());
    }

    /** Reads an {@code APIResourceList} document; missing or odd entries are skipped. */
    public static GroupVersionResources fromDocument(String group, String version, JsonNode document) {
        Map<String, ApiResource> byKind = new LinkedHashMap<>();
        for (JsonNode resource : document.path("resources")) {
            String plural = resource.path("name").asText("");
            String kind = resource.path("kind").asText("");
            if (plural.isEmpty() || kind.isEmpty() || plural.contains("/")) {
                continue;
            }
            byKind.putIfAbsent(kind, new ApiResource(group, version, kind, plural,
                    resource.path("namespaced").asBoolean(false)));
        }
        return new GroupVersionResources(group, version, byKind);
    }

    /** The served resource for a kind. */
    public Optional<ApiResource> find(String kind) {
        return Optional.ofNullable(byKind.get(kind));
    }

    /** The discovery path: {@code /api/v1} or {@code /apis/<group>/<version>}. */
    public static String path(String group, String version) {
        return group.isEmpty() ? "/api/" + version : "/apis/" + group + "/" + version;
    }
}
