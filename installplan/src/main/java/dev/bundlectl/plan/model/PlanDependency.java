package dev.bundlectl.plan.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.Objects;

/**
 * One dependency of the planned bundle and what the target says of it, in the plan's status.
 * A package dependency has {@code packageName} and {@code versionRange}; an API dependency has
 * {@code group}, {@code version} and {@code kind}.
 *
 * @param type {@code olm.package} or {@code olm.gvk}
 * @param packageName the package needed, or null
 * @param versionRange the versions that satisfy it, or null
 * @param group the API group needed (empty for the core group), or null
 * @param version the API version needed, or null
 * @param kind the kind needed, or null
 * @param status whether it is met
 * @param message what meets it, or why it is not met or not judged
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"type", "packageName", "versionRange", "group", "version", "kind", "status", "message"})
public record PlanDependency(
        @JsonProperty("type") String type,
        @JsonProperty("packageName") String packageName,
        @JsonProperty("versionRange") String versionRange,
        @JsonProperty("group") String group,
        @JsonProperty("version") String version,
        @JsonProperty("kind") String kind,
        @JsonProperty("status") DependencyState status,
        @JsonProperty("message") String message) {

    public PlanDependency {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(status, "status");
    }

    /** The dependency in a few words: {@code package etcd >=0.9.0} or {@code API example.com/v1 Widget}. */
    public String describe() {
        if (packageName != null) {
            return "package " + packageName + " " + versionRange;
        }
        return "API " + (group == null || group.isEmpty() ? version : group + "/" + version) + " " + kind;
    }
}
