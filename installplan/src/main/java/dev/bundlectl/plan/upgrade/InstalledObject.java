package dev.bundlectl.plan.upgrade;

import java.util.Objects;

/**
 * An object the installed version's install created, as its install record names it.
 *
 * @param group API group, {@code ""} for core
 * @param version API version
 * @param kind kind
 * @param namespace namespace, or null for a cluster-scoped object
 * @param name name
 * @param uid the uid the API server gave it at creation, or null when the record has none
 * @param createdBy the install record that created it
 */
public record InstalledObject(String group, String version, String kind, String namespace, String name, String uid,
        String createdBy) {

    public InstalledObject {
        group = group == null ? "" : group;
        Objects.requireNonNull(version, "version");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(name, "name");
    }

    /** Its identity, which ignores the version. */
    public ObjectKey key() {
        return new ObjectKey(group, kind, namespace, name);
    }

    /** {@code Kind/name} or {@code Kind/namespace/name}. */
    public String displayName() {
        return key().displayName();
    }
}
