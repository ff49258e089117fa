package dev.bundlectl.cluster.discovery;

import java.util.Objects;

/**
 * An API group and version.
 *
 * @param group the group, {@code ""} for core
 * @param version the version
 */
public record GroupVersion(String group, String version) {

    public GroupVersion {
        Objects.requireNonNull(group, "group");
        Objects.requireNonNull(version, "version");
    }

    /** {@code group/version}, or the version alone for core, as in an {@code apiVersion}. */
    @Override
    public String toString() {
        return group.isEmpty() ? version : group + "/" + version;
    }
}
