package dev.bundlectl.plan.upgrade;

import dev.bundlectl.plan.model.StepResource;
import java.util.Objects;

/**
 * One cluster object's identity: group, kind, namespace and name. The version is left out: one
 * object is served under every version of its group, and a newer bundle may name a newer one.
 *
 * @param group API group, {@code ""} for core
 * @param kind kind
 * @param namespace namespace, or null for a cluster-scoped object
 * @param name name
 */
public record ObjectKey(String group, String kind, String namespace, String name) {

    public ObjectKey {
        group = group == null ? "" : group;
        namespace = namespace == null || namespace.isBlank() ? null : namespace;
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(name, "name");
    }

    /** The identity of a step's object. */
    public static ObjectKey of(StepResource resource) {
        return new ObjectKey(resource.group(), resource.kind(), resource.namespace(), resource.name());
    }

    /** {@code Kind/name} or {@code Kind/namespace/name}. */
    public String displayName() {
        return namespace == null ? kind + "/" + name : kind + "/" + namespace + "/" + name;
    }
}
