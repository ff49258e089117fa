package dev.bundlectl.controller.api;

/** The condition types a BundleInstall reports in {@code status.conditions}. */
public enum ConditionType {
    /** True once the current plan is installed. */
    Installed,
    /** True while planning or installing. */
    Progressing,
    /** True when the last attempt failed. */
    Failed,
    /** True while a Manual plan waits for approval. */
    ApprovalRequired,
    /**
     * True once the installed operator runs: OLM reports its CSV {@code Succeeded} (render mode: its
     * Deployments are Available); False when OLM reports {@code Failed}; Unknown on the way.
     */
    OperatorRunning,
    /**
     * For a catalog source: True when the version the spec picks (the newest in range, or the pinned
     * one) is not the installed one; the reason names both.
     */
    UpgradeAvailable,
    /**
     * For a catalog source: True when the channel's newest version is not the one the spec picks
     * (outside {@code versionRange}, or {@code version} pins an older one), with the reason.
     */
    UpgradeBlocked
}
