package dev.bundlectl.plan.capability;

/** How a capability configuration was written. */
public enum ConfigForm {
    /** Seed 000's install-config form: {@code inclusionDefault}, {@code include}, {@code exclude}. */
    INSTALL_CONFIG("install-config"),
    /** ClusterVersion's form: {@code baselineCapabilitySet}, {@code additionalEnabledCapabilities}. */
    CLUSTER_VERSION("ClusterVersion"),
    /** HyperShift's HostedCluster form (docs/semantics.md §4): {@code enabled}, {@code disabled}. */
    HYPERSHIFT("HyperShift"),
    /** Command-line flags: {@code --baseline-capability-set}, {@code --enable-capability}, {@code --disable-capability}. */
    FLAGS("command-line flags"),
    /** Nothing was configured: {@code vCurrent}. */
    DEFAULT("default");

    private final String displayName;

    ConfigForm(String displayName) {
        this.displayName = displayName;
    }

    /** A short name for messages, e.g. {@code HyperShift}. */
    public String displayName() {
        return displayName;
    }
}
