package dev.bundlectl.plan.api;

import java.util.Objects;

/**
 * One served resource: its group, version and kind, its plural name, and its scope.
 *
 * @param group API group, {@code ""} for core
 * @param version API version
 * @param kind kind
 * @param plural the plural resource name used in URLs, e.g. {@code servicemonitors}
 * @param namespaced whether objects of this kind live in a namespace
 */
public record ApiResource(String group, String version, String kind, String plural, boolean namespaced) {

    public ApiResource {
        Objects.requireNonNull(group, "group");
        Objects.requireNonNull(version, "version");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(plural, "plural");
    }

    /** {@code group/version}, or {@code version} for core. */
    public String apiVersion() {
        return group.isEmpty() ? version : group + "/" + version;
    }
}
