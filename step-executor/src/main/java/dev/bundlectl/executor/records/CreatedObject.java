package dev.bundlectl.executor.records;

import java.util.Objects;

/**
 * An object an install owns because an install created it (the API answered 201 to a POST),
 * as opposed to one that was already {@code Present}. Uninstall deletes only these.
 *
 * @param object the object
 * @param resource the API resource (plural) it was created through, e.g. {@code servicemonitors};
 *     null lets uninstall find it through discovery
 * @param uid the uid the API server gave it, or null if unknown; uninstall skips an object whose
 *     live uid differs, because then something else has replaced it
 * @param resourceVersion the resourceVersion right after creation, or null
 * @param createdBy the name of the install record that created it: this record, or an earlier
 *     one of the same package whose object a later install found still {@code Present}
 */
public record CreatedObject(ObjectRef object, String resource, String uid, String resourceVersion,
        String createdBy) {

    public CreatedObject {
        Objects.requireNonNull(object, "object");
    }
}
