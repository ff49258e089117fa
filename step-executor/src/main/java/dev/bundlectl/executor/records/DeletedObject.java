package dev.bundlectl.executor.records;

import java.time.Instant;
import java.util.Objects;

/**
 * An object an install deleted because its manifest carries {@code release.openshift.io/delete:
 * "true"}. A later install that finds it again warns that it has reappeared (docs/semantics.md §5).
 *
 * @param object the object
 * @param deletedAt when the delete request was accepted, or when it was found already gone
 */
public record DeletedObject(ObjectRef object, Instant deletedAt) {

    public DeletedObject {
        Objects.requireNonNull(object, "object");
        Objects.requireNonNull(deletedAt, "deletedAt");
    }
}
