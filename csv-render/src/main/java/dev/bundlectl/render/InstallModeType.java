package dev.bundlectl.render;

import java.util.Arrays;
import java.util.Optional;

/**
 * OLM's install modes ({@code spec.installModes[].type}): which namespaces an operator watches.
 * Declared in canonical order, which is also the order in which messages list them.
 */
public enum InstallModeType {
    /** The operator watches the namespace it is installed in. */
    OWN_NAMESPACE("OwnNamespace"),
    /** The operator watches one namespace other than its own. */
    SINGLE_NAMESPACE("SingleNamespace"),
    /** The operator watches a list of namespaces. */
    MULTI_NAMESPACE("MultiNamespace"),
    /** The operator watches every namespace. */
    ALL_NAMESPACES("AllNamespaces");

    private final String wireName;

    InstallModeType(String wireName) {
        this.wireName = wireName;
    }

    /** The name as a CSV and the command line spell it, e.g. {@code OwnNamespace}. */
    public String wireName() {
        return wireName;
    }

    /** The mode with this wire name (exact spelling), if any. */
    public static Optional<InstallModeType> fromWireName(String value) {
        return Arrays.stream(values()).filter(mode -> mode.wireName.equals(value)).findFirst();
    }

    @Override
    public String toString() {
        return wireName;
    }
}
