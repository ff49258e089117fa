package dev.bundlectl.executor.gc;

import java.util.List;
import java.util.Objects;

/**
 * An object every owner of which is gone.
 *
 * @param object the object
 * @param owners each owner it names, and why it is gone
 * @param customResources for a CRD, how many custom resources of it exist (deleting it deletes
 *     them); -1 when not a CRD or not counted
 */
public record Leftover(MarkedObject object, List<GoneOwner> owners, long customResources) {

    public Leftover {
        Objects.requireNonNull(object, "object");
        owners = List.copyOf(owners);
    }

    /** {@code ClusterRole/x: owned by P in namespace a (namespace a no longer exists)}. */
    public String describe() {
        String crs = !object.customResourceDefinition() ? ""
                : customResources < 0 ? " (its custom resources could not be counted)"
                        : " (" + customResources + " custom resource" + (customResources == 1 ? "" : "s") + ")";
        return object.ref().displayName() + crs + ": owned by "
                + String.join("; ", owners.stream().map(GoneOwner::describe).toList());
    }
}
