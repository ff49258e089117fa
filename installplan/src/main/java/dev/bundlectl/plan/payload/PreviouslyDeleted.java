package dev.bundlectl.plan.payload;

import java.time.Instant;
import java.util.Objects;

/**
 * An object an earlier run deleted because of {@code release.openshift.io/delete}, as an install
 * record keeps it.
 *
 * @param group the API group, {@code ""} for core
 * @param kind the kind
 * @param namespace the namespace, or null for a cluster-scoped object
 * @param name the name
 * @param deletedAt when the deletion was confirmed
 */
public record PreviouslyDeleted(String group, String kind, String namespace, String name, Instant deletedAt) {

    public PreviouslyDeleted {
        Objects.requireNonNull(group, "group");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(deletedAt, "deletedAt");
    }

    /** {@code ns/name}, or just {@code name} for a cluster-scoped object, as the CVO prints it. */
    public String uniqueName() {
        return namespace == null || namespace.isEmpty() ? name : namespace + "/" + name;
    }
}
