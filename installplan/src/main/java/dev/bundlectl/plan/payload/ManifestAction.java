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

    /** The actions. */
    public enum Kind {
        /** Create, or update an existing object. */
        APPLY,
        /** Create if missing; an existing object is left untouched ({@code Present}). */
        CREATE_ONLY,
        /** Send a delete and move on without waiting (seed 004, option 1); NotFound means already gone. */
        DELETE,
        /** Do nothing: a delete-annotated manifest during a first install. */
        SKIP
    }

    /**
     * The action for a validated manifest (see {@link ReleaseAnnotationValidator}).
     * During a first install there is nothing to delete yet, so a delete-annotated manifest is skipped.
     */
    public static ManifestAction of(Manifest manifest, InstallPhase phase) {
        if (ReleaseAnnotations.isDelete(manifest)) {
            if (phase == InstallPhase.FIRST_INSTALL) {
                return new ManifestAction(Kind.SKIP, ReleaseAnnotations.DELETE
                        + " manifest skipped during a first install: there is nothing to delete yet");
            }
            return new ManifestAction(Kind.DELETE, ReleaseAnnotations.DELETE + ": \"true\" asks for deletion");
        }
        if (ReleaseAnnotations.isCreateOnly(manifest)) {
            return new ManifestAction(Kind.CREATE_ONLY,
                    ReleaseAnnotations.CREATE_ONLY + ": created if missing, never updated");
        }
        return new ManifestAction(Kind.APPLY, "created, or updated if it exists");
    }

    /** Whether this manifest is skipped during a first install (delete-annotated). */
    public static boolean skippedDuringFirstInstall(Manifest manifest) {
        return of(manifest, InstallPhase.FIRST_INSTALL).kind() == Kind.SKIP;
    }
}
