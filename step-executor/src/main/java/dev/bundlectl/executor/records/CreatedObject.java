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
 * @param ownership how the install owns it ({@code created}, {@code owned}, {@code shared},
 *     {@code taken}: docs/semantics.md §8), in records of installs that mark what they own; null in
 *     an earlier release's record, whose objects are unmarked and were all created by that install
 */
public record CreatedObject(ObjectRef object, String resource, String uid, String resourceVersion,
        String createdBy, String ownership) {

    public CreatedObject {
        Objects.requireNonNull(object, "object");
    }

    /** An object as an earlier release recorded it: created, without an ownership of its own. */
    public CreatedObject(ObjectRef object, String resource, String uid, String resourceVersion, String createdBy) {
        this(object, resource, uid, resourceVersion, createdBy, null);
    }

    /** This object with {@code how} for its ownership. */
    public CreatedObject withOwnership(String how) {
        return new CreatedObject(object, resource, uid, resourceVersion, createdBy, how);
    }
}
