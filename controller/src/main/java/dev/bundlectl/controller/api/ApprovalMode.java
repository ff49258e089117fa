package dev.bundlectl.controller.api;

/** {@code spec.approval}: whether a new plan installs at once or waits for a person. */
public enum ApprovalMode {
    /** Every plan installs as soon as it is made. */
    Automatic,
    /** A plan installs only once {@code spec.approvedPlan} names its digest. */
    Manual
}
