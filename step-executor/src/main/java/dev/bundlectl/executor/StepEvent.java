package dev.bundlectl.executor;

import dev.bundlectl.plan.model.StepStatus;
import java.time.Instant;
import java.util.Objects;

/**
 * Something happened to one step: its status changed, or (with {@code previousStatus ==
 * status}) a request is being retried.
 *
 * @param stepIndex the step's position in the plan, from 0
 * @param resource the step's {@code Kind/name} or {@code Kind/namespace/name}
 * @param previousStatus the status before
 * @param status the status now
 * @param message why, or what is being retried; may be null
 * @param attempt which attempt of the step's current request this is about, from 1
 * @param timestamp when it happened
 */
public record StepEvent(
        int stepIndex,
        String resource,
        StepStatus previousStatus,
        StepStatus status,
        String message,
        int attempt,
        Instant timestamp) {

    public StepEvent {
        Objects.requireNonNull(resource, "resource");
        Objects.requireNonNull(previousStatus, "previousStatus");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(timestamp, "timestamp");
    }

    /** Whether this event reports a retry rather than a change of status. */
    public boolean isRetry() {
        return previousStatus == status;
    }
}
