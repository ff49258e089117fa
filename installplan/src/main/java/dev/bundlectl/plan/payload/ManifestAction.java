package dev.bundlectl.plan.payload;

import dev.bundlectl.bundle.Manifest;
import java.util.Objects;

/**
 * What the executor does with one manifest, given its release annotations and the install phase.
 *
 * @param kind the action
 * @param reason why, in words for the plan output
 */
public record ManifestAction(Kind kind, String reason) {

    public ManifestAction {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(reason, "reason");
    }

    /**
     * Why a delete-annotated manifest does nothing during a first install; the planner and the
     * executor say it in the same words.
     */
    public static final String NOT_DELETED_ON_FIRST_INSTALL =
            "not deleted: a first install deletes nothing (" + ReleaseAnnotations.DELETE + ")";
    /** What a delete-annotated manifest will do when the plan cannot tell whether this is a first install. */
    public static final String DELETED_UNLESS_FIRST_INSTALL = "deleted if present; skipped on a first install";
    /** What a delete-annotated manifest does on a later install. */
    public static final String DELETED_IF_PRESENT = "deleted if present (" + ReleaseAnnotations.DELETE + ")";

    /** The actions. */
    public enum Kind {
        /** Create, or update an existing object. */
        APPLY,
        /** Create if missing; an existing object is left untouched ({@code Present}). */
        CREATE_ONLY,
        /** Send a delete and move on without waiting (docs/semantics.md §5); NotFound means already gone. */
        DELETE,
        /** {@link #DELETE} on a later install, {@link #SKIP} on a first one: planned without knowing which. */
        DELETE_UNLESS_FIRST_INSTALL,
        /** Do nothing: a delete-annotated manifest during a first install. */
        SKIP
    }

    /**
     * The action for a validated manifest (see {@link ReleaseAnnotationValidator}).
     * During a first install there is nothing to delete yet, so a delete-annotated manifest is skipped.
     */
    public static ManifestAction of(Manifest manifest, InstallHistory phase) {
        if (ReleaseAnnotations.isDelete(manifest)) {
            switch (phase) {
                case FIRST_INSTALL:
                    return new ManifestAction(Kind.SKIP, NOT_DELETED_ON_FIRST_INSTALL);
                case UPDATE:
                    return new ManifestAction(Kind.DELETE, DELETED_IF_PRESENT);
                default:
                    return new ManifestAction(Kind.DELETE_UNLESS_FIRST_INSTALL, DELETED_UNLESS_FIRST_INSTALL);
            }
        }
        if (ReleaseAnnotations.isCreateOnly(manifest)) {
            return new ManifestAction(Kind.CREATE_ONLY,
                    ReleaseAnnotations.CREATE_ONLY + ": created if missing, never updated");
        }
        return new ManifestAction(Kind.APPLY, "created, or updated if it exists");
    }

    /** Whether this manifest is skipped during a first install (delete-annotated). */
    public static boolean skippedDuringFirstInstall(Manifest manifest) {
        return of(manifest, InstallHistory.FIRST_INSTALL).kind() == Kind.SKIP;
    }
}
