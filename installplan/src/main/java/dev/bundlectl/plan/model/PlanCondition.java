package dev.bundlectl.plan.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * An InstallPlan condition, e.g. type {@code Installed} with reason {@code InstallComponentFailed}.
 *
 * @param type condition type
 * @param status {@code True}, {@code False} or {@code Unknown}
 * @param reason a CamelCase reason, or null
 * @param message a human-readable message, or null
 * @param lastTransitionTime RFC 3339 time, or null
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record PlanCondition(
        @JsonProperty("type") String type,
        @JsonProperty("status") String status,
        @JsonProperty("reason") String reason,
        @JsonProperty("message") String message,
        @JsonProperty("lastTransitionTime") String lastTransitionTime) {
}
