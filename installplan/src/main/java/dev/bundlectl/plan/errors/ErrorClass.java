package dev.bundlectl.plan.errors;

/** The classes of docs/semantics.md §3's table. */
public enum ErrorClass {
    /** The cluster cannot or will not take this object; an optional step ends {@code NotCreated}. */
    NOT_CREATED,
    /** A failure that fails the plan, after retries when it is transient. */
    FAILURE,
    /** 409 {@code AlreadyExists}: take the update path. */
    ALREADY_EXISTS,
    /**
     * 409 {@code Conflict}: on the update path the resourceVersion was stale; GET again and retry
     * the update. On a create, which sends no resourceVersion, the table's "409 (not
     * AlreadyExists)" rule applies instead: treat it as {@link #NOT_CREATED}.
     */
    CONFLICT
}
