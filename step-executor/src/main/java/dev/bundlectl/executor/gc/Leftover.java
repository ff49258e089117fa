package dev.bundlectl.executor.gc;

import dev.bundlectl.executor.customresources.CrdContents;
import java.util.List;
import java.util.Objects;

/**
 * An object every owner of which is gone.
 *
 * @param object the object
 * @param owners each owner it names, and why it is gone
 * @param contents for a CRD, what it holds: its custom resources (deleting it deletes them), how
 *     many carry finalizers, its stored versions; null when not a CRD
 */
public record Leftover(MarkedObject object, List<GoneOwner> owners, CrdContents contents) {

    public Leftover {
        Objects.requireNonNull(object, "object");
        owners = List.copyOf(owners);
    }

    /** {@code ClusterRole/x: owned by P in namespace a (namespace a no longer exists)}. */
    public String describe() {
        String crs = contents == null ? "" : " (" + contents.summary() + ")";
        return object.ref().displayName() + crs + ": owned by "
                + String.join("; ", owners.stream().map(GoneOwner::describe).toList());
    }
}
