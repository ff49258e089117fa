package dev.bundlectl.cluster.kube;

import dev.bundlectl.plan.api.ApiResource;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

/** Builds REST paths from a discovered resource, the way the API server lays them out. */
final class ResourcePaths {

    private ResourcePaths() {
    }

    /** The collection path, e.g. {@code /apis/apps/v1/namespaces/ns/deployments}. */
    static String collection(ApiResource type, String namespace) {
        StringBuilder path = new StringBuilder(groupVersion(type));
        if (type.namespaced()) {
            if (namespace == null || namespace.isEmpty()) {
                throw new IllegalArgumentException(type.kind() + " is namespaced but no namespace was given");
            }
            path.append("/namespaces/").append(segment(namespace));
        }
        return path.append('/').append(type.plural()).toString();
    }

    /**
     * The path to list: the collection in {@code namespace}, or across all namespaces when it is
     * null or empty (for a namespaced type too).
     */
    static String list(ApiResource type, String namespace) {
        if (namespace == null || namespace.isEmpty()) {
            return groupVersion(type) + "/" + type.plural();
        }
        return collection(type, namespace);
    }

    /** The path of one object. */
    static String object(ApiResource type, String namespace, String name) {
        return collection(type, namespace) + "/" + segment(name);
    }

    private static String groupVersion(ApiResource type) {
        return type.group().isEmpty() ? "/api/" + type.version() : "/apis/" + type.group() + "/" + type.version();
    }

    private static String segment(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
