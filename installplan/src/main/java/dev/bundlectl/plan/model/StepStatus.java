package dev.bundlectl.plan.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Arrays;

/**
 * The status of one step. The first seven values are OLM's ({@code StepStatus} in
 * operator-framework/api); the rest are bundlectl's own and are documented in the README.
 */
public enum StepStatus {
    /** Not attempted yet, or the outcome cannot be predicted offline. */
    UNKNOWN("Unknown"),
    /** The object does not exist on the cluster. */
    NOT_PRESENT("NotPresent"),
    /** The object already existed; it was updated, or left alone where the rules say so. */
    PRESENT("Present"),
    /** The object was created by this install. */
    CREATED("Created"),
    /** An optional or capability-excluded object was deliberately not created; the message says why. */
    NOT_CREATED("NotCreated"),
    /** A CRD was created and is not yet Established and NamesAccepted. */
    WAITING_FOR_API("WaitingForApi"),
    /** The kind is not one a registry+v1 bundle may carry. */
    UNSUPPORTED_RESOURCE("UnsupportedResource"),
    /** bundlectl: the step failed permanently or exhausted its retries; the message has the API's answer. */
    FAILED("Failed"),
    /** bundlectl: a {@code release.openshift.io/delete} object was deleted (or was already gone). */
    DELETED("Deleted");

    private final String wireName;

    StepStatus(String wireName) {
        this.wireName = wireName;
    }

    /** The value as it appears in an InstallPlan document. */
    @JsonValue
    public String wireName() {
        return wireName;
    }

    /** Parses a wire name such as {@code NotCreated}. */
    @JsonCreator
    public static StepStatus fromWireName(String value) {
        return Arrays.stream(values())
                .filter(s -> s.wireName.equals(value))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown step status \"" + value + "\""));
    }

    /**
     * Whether a step planned with this status is never sent to a cluster: the planner settled it
     * ({@code NotCreated}, {@code UnsupportedResource}), so its status and message stand.
     */
    public boolean isNeverSent() {
        return this == NOT_CREATED || this == UNSUPPORTED_RESOURCE;
    }

    /** Whether no further work is expected for a step in this status. */
    public boolean isTerminal() {
        return this != UNKNOWN && this != WAITING_FOR_API && this != NOT_PRESENT;
    }
}
