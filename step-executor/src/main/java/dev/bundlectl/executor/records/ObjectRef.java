package dev.bundlectl.executor.records;

import dev.bundlectl.bundle.kinds.GroupKind;
import dev.bundlectl.plan.model.StepResource;
import java.util.Objects;

/**
 * Identifies one cluster object.
 *
 * @param group API group, {@code ""} for the core group
 * @param version API version
 * @param kind kind
 * @param namespace namespace of a namespaced object, null for a cluster-scoped one
 * @param name object name
 */
public record ObjectRef(String group, String version, String kind, String namespace, String name) {

    public ObjectRef {
        group = group == null ? "" : group;
        requirePresent(version, "version");
        requirePresent(kind, "kind");
        requirePresent(name, "name");
    }

    /** The object a plan step acts on. */
    public static ObjectRef of(StepResource resource) {
        Objects.requireNonNull(resource, "resource");
        return new ObjectRef(resource.group(), resource.version(), resource.kind(), resource.namespace(),
                resource.name());
    }

    /** The object's group and kind. */
    public GroupKind groupKind() {
        return new GroupKind(group, kind);
    }

    /** {@code group/version}, or just {@code version} for the core group. */
    public String apiVersion() {
        return group.isEmpty() ? version : group + "/" + version;
    }

    /** {@code Kind/name} or {@code Kind/namespace/name}, as in step messages. */
    public String displayName() {
        return namespace == null ? kind + "/" + name : kind + "/" + namespace + "/" + name;
    }

    /**
     * Whether both refer to the same object. The version is ignored: one object is served under
     * every version of its group, and a later bundle may name a newer one.
     */
    public boolean sameObjectAs(ObjectRef other) {
        return other != null
                && group.equals(other.group)
                && kind.equals(other.kind)
                && name.equals(other.name)
                && Objects.equals(namespace, other.namespace);
    }

    /** Whether this is a CustomResourceDefinition, which uninstall keeps unless told otherwise. */
    public boolean customResourceDefinition() {
        return groupKind().isCrd();
    }

    private static void requirePresent(String value, String field) {
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException("object reference has no " + field);
        }
    }
}
