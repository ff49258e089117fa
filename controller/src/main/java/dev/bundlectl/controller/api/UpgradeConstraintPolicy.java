package dev.bundlectl.controller.api;

/**
 * {@code spec.upgradeConstraintPolicy}, with OLM v1's names: whether a new version must be reached
 * through the upgrade graph, or is installed as the spec names it, a lower one included.
 */
public enum UpgradeConstraintPolicy {
    /**
     * The bundle's edges decide: a version that neither replaces nor skips the installed one (nor
     * holds it in its {@code olm.skipRange}) is refused, and so is a lower one, as a downgrade.
     */
    CatalogProvided,
    /**
     * Whoever wrote the spec vouches for the move: any version is installed, and a lower one is
     * rolled back to once its CRDs pass the rollback checks (docs/semantics.md §9, "Rollbacks").
     */
    SelfCertified
}
