package dev.bundlectl.plan.api;

import dev.bundlectl.bundle.kinds.GroupKind;
import java.util.Objects;

/**
 * A group, version and kind.
 *
 * @param group API group, {@code ""} for core
 * @param version API version
 * @param kind kind
 */
public record GroupVersionKind(String group, String version, String kind) {

    public GroupVersionKind {
        Objects.requireNonNull(group, "group");
        Objects.requireNonNull(version, "version");
        Objects.requireNonNull(kind, "kind");
    }

    /**
     * Field by field, as the record's own; written out so that no record's invokedynamic bootstrap
     * runs in a plan (see {@code GroupKind#equals} for why).
     */
    @Override
    public boolean equals(Object other) {
        return other instanceof GroupVersionKind that && group.equals(that.group) && version.equals(that.version)
                && kind.equals(that.kind);
    }

    @Override
    public int hashCode() {
        return (31 * group.hashCode() + version.hashCode()) * 31 + kind.hashCode();
    }

    /** Splits an {@code apiVersion} ({@code group/version} or core {@code version}). */
    public static GroupVersionKind of(String apiVersion, String kind) {
        int slash = apiVersion.indexOf('/');
        return slash < 0
                ? new GroupVersionKind("", apiVersion, kind)
                : new GroupVersionKind(apiVersion.substring(0, slash), apiVersion.substring(slash + 1), kind);
    }

    /** The group and kind, without the version. */
    public GroupKind groupKind() {
        return new GroupKind(group, kind);
    }

    /** {@code group/version}, or {@code version} for core. */
    public String apiVersion() {
        return group.isEmpty() ? version : group + "/" + version;
    }

    /**
     * The way Kubernetes' Go code prints a GVK, as in OLM's "GroupVersionKind … not found on the
     * cluster": {@code monitoring.coreos.com/v1, Kind=ServiceMonitor}, {@code /v1, Kind=Pod}.
     */
    public String kubernetesString() {
        return group + "/" + version + ", Kind=" + kind;
    }

    /** {@code apiVersion Kind}, e.g. {@code monitoring.coreos.com/v1 ServiceMonitor}. */
    @Override
    public String toString() {
        return apiVersion() + " " + kind;
    }
}
