package dev.bundlectl.plan.model;

/** An InstallPlan's {@code spec.approval}. */
public enum Approval {
    /** The plan runs without a review. */
    AUTOMATIC("Automatic"),
    /** The plan waits for approval; the default for plans made offline for review. */
    MANUAL("Manual");

    private final String wireName;

    Approval(String wireName) {
        this.wireName = wireName;
    }

    /** The value as it appears in {@code spec.approval}. */
    public String wireName() {
        return wireName;
    }
}
