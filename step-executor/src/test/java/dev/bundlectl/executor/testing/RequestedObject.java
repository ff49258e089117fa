package dev.bundlectl.executor.testing;

import java.util.Optional;

/**
 * The object a request to the API server addresses, read from its path (and, for a POST, the
 * name in its body): {@code /api/v1[/namespaces/NS]/PLURAL[/NAME]} or
 * {@code /apis/GROUP/VERSION[/namespaces/NS]/PLURAL[/NAME]}.
 *
 * @param namespace the namespace, or null for a cluster-scoped object
 * @param plural the resource's plural name, e.g. {@code configmaps}
 * @param name the object's name, or null (a list, or a POST without a name)
 */
public record RequestedObject(String namespace, String plural, String name) {

    /** The object of {@code request}, or empty for discovery and other non-resource paths. */
    public static Optional<RequestedObject> of(ProxiedRequest request) {
        String[] parts = request.path().replaceAll("^/+|/+$", "").split("/");
        int at;
        if (parts.length >= 3 && "api".equals(parts[0])) {
            at = 2;
        } else if (parts.length >= 4 && "apis".equals(parts[0])) {
            at = 3;
        } else {
            return Optional.empty();
        }
        String namespace = null;
        // "namespaces/NS/PLURAL" is a namespaced object; "namespaces[/NS]" alone is a Namespace.
        if ("namespaces".equals(parts[at]) && parts.length > at + 2) {
            namespace = parts[at + 1];
            at += 2;
        }
        String plural = parts[at];
        String name = parts.length > at + 1 ? parts[at + 1] : request.objectName();
        return Optional.of(new RequestedObject(namespace, plural, name));
    }
}
