package dev.bundlectl.controller.api;

/** {@code status.phase} of a BundleInstall. */
public enum BundleInstallPhase {
    /** The bundle is being fetched and planned. */
    Planning,
    /** {@code approval: Manual} and the current plan's digest is not the approved one. */
    RequiresApproval,
    /** The plan is being applied. */
    Installing,
    /** The last install of the current plan ended Complete. */
    Complete,
    /** Planning or installing failed; the message says why. */
    Failed
}
