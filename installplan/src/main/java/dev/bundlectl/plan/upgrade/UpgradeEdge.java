package dev.bundlectl.plan.upgrade;

/** How the new CSV reaches the installed one. */
public enum UpgradeEdge {
    /** Its {@code spec.replaces} names the installed CSV. */
    REPLACES("Replaces", "spec.replaces"),
    /** Its {@code spec.skips} lists the installed CSV. */
    SKIPS("Skips", "spec.skips"),
    /** Its {@code olm.skipRange} contains the installed version. */
    SKIP_RANGE("SkipRange", "olm.skipRange"),
    /** It does not, and {@code --force} said to install it anyway. */
    FORCED("Forced", "--force");

    private final String reason;
    private final String source;

    UpgradeEdge(String reason, String source) {
        this.reason = reason;
        this.source = source;
    }

    /** The CamelCase reason of the plan's upgrade condition. */
    public String reason() {
        return reason;
    }

    /** Where the edge comes from, for messages: {@code spec.replaces}, …, {@code --force}. */
    public String source() {
        return source;
    }
}
