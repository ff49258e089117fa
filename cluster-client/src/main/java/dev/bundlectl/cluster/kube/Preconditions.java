package dev.bundlectl.cluster.kube;

/**
 * What a DELETE requires of the object it deletes; the API server refuses with 409 Conflict when
 * the live object differs, so that a check made before the DELETE still holds when it lands.
 *
 * @param uid the object's uid, or null for any
 * @param resourceVersion the object's resourceVersion, or null for any
 */
public record Preconditions(String uid, String resourceVersion) {

    /** No preconditions. */
    public static final Preconditions NONE = new Preconditions(null, null);

    /** Only the object with this uid (null: any). */
    public static Preconditions uid(String uid) {
        return new Preconditions(uid, null);
    }

    /** Whether nothing is required. */
    public boolean none() {
        return uid == null && resourceVersion == null;
    }
}
