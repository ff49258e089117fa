package dev.bundlectl.cluster.discovery;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.plan.api.ApiResource;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Reads aggregated discovery: the {@code APIGroupDiscoveryList} of {@code apidiscovery.k8s.io}
 * v2 (Kubernetes 1.30+) or v2beta1 (1.26 to 1.29, behind a feature gate in 1.26) that {@code /api}
 * and {@code /apis} answer when asked for it. One document carries every group, version and
 * resource, so no per-group request is needed except for versions marked stale.
 */
public final class AggregatedDiscoveryReader {

    /**
     * The Accept header of a root discovery request: aggregated v2, then v2beta1, then plain JSON
     * for servers that know neither (they answer {@code APIGroupList} or {@code APIVersions}).
     */
    public static final String ACCEPT = "application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList,"
            + "application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList,application/json";

    private AggregatedDiscoveryReader() {
    }

    /** Whether an answer's Content-Type says it is an {@code APIGroupDiscoveryList}. */
    public static boolean isAggregated(String contentType) {
        String type = contentType.replace(" ", "").toLowerCase(Locale.ROOT);
        return type.contains(";as=apigroupdiscoverylist") && type.contains(";g=apidiscovery.k8s.io");
    }

    /**
     * Reads a document. Entries without a name, a kind or a version are skipped; a resource's
     * kind is its {@code responseKind.kind}, its scope {@code Namespaced} or {@code Cluster}.
     */
    public static AggregatedDiscovery read(JsonNode document) {
        List<GroupVersionResources> current = new ArrayList<>();
        List<GroupVersion> stale = new ArrayList<>();
        for (JsonNode group : document.path("items")) {
            // The core group is the one named "".
            String name = group.path("metadata").path("name").asText("");
            for (JsonNode version : group.path("versions")) {
                String v = version.path("version").asText("");
                if (v.isEmpty()) {
                    continue;
                }
                if ("Stale".equals(version.path("freshness").asText())) {
                    stale.add(new GroupVersion(name, v));
                } else {
                    current.add(new GroupVersionResources(name, v, resources(name, v, version.path("resources"))));
                }
            }
        }
        return new AggregatedDiscovery(current, stale);
    }

    private static Map<String, ApiResource> resources(String group, String version, JsonNode resources) {
        Map<String, ApiResource> byKind = new LinkedHashMap<>();
        for (JsonNode resource : resources) {
            String plural = resource.path("resource").asText("");
            String kind = resource.path("responseKind").path("kind").asText("");
            if (plural.isEmpty() || kind.isEmpty() || plural.contains("/")) {
                continue;
            }
            byKind.putIfAbsent(kind, new ApiResource(group, version, kind, plural,
                    "Namespaced".equals(resource.path("scope").asText())));
        }
        return byKind;
    }
}
