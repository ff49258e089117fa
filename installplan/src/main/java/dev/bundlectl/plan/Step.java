package dev.bundlectl.plan;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Objects;

/**
 * One step of an InstallPlan: OLM's {@code Step} with bundlectl's {@code message}, which says
 * why a step ended as it did (for example why it is {@code NotCreated}).
 *
 * @param resolving the CSV name this step belongs to
 * @param resource the object
 * @param optional whether the step may end {@code NotCreated} without failing the plan
 * @param status the current status
 * @param message why the step has this status, or null
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Step(
        @JsonProperty("resolving") String resolving,
        @JsonProperty("resource") StepResource resource,
        @JsonProperty("optional") boolean optional,
        @JsonProperty("status") StepStatus status,
        @JsonProperty("message") String message) {

    public Step {
        Objects.requireNonNull(resource, "resource");
        Objects.requireNonNull(status, "status");
    }

    /** This step with a new status and message. */
    public Step withStatus(StepStatus newStatus, String newMessage) {
        return new Step(resolving, resource, optional, newStatus, newMessage);
    }
}
