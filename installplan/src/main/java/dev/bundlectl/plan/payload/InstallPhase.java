package dev.bundlectl.plan.payload;

/**
 * Whether a run is the first install of its target or a later one. Install levels and the
 * skipping of delete-annotated manifests apply only to the first install (seeds 002 and 004),
 * as they do only in the cluster-version operator's install phase.
 */
public enum InstallPhase {
    /** No earlier install of this target is recorded. */
    FIRST_INSTALL,
    /** An earlier install of this target is recorded: an update or a re-apply. */
    UPDATE
}
