package dev.bundlectl.plan.payload;

/**
 * Whether a run is the first install of its target or a later one. Install levels and the
 * skipping of delete-annotated manifests apply only to the first install (docs/semantics.md §5),
 * as they do only in the cluster-version operator's install phase.
 */
public enum InstallHistory {
    /** No earlier install of this target is recorded. */
    FIRST_INSTALL,
    /** An earlier install of this target is recorded: an update or a re-apply. */
    UPDATE,
    /**
     * Not known: planned offline, without the target's install records. A plan is then ordered as
     * a first install runs (later installs ignore install levels, so no order is wrong for them),
     * and says what depends on the phase. The executor always knows, and never gets this value.
     */
    UNKNOWN;

    /** The phase whose order a plan shows: a first install's, unless the target is known to be installed. */
    public InstallHistory forOrdering() {
        return this == UPDATE ? UPDATE : FIRST_INSTALL;
    }
}
