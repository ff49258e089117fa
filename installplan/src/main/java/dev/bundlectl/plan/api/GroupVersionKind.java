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
