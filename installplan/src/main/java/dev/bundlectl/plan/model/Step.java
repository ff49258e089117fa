package dev.bundlectl.plan.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Objects;

/**
 * One step of an InstallPlan: OLM's {@code Step} with bundlectl's {@code message}, which says
 * why a step ended as it did (for example why it is {@code NotCreated}), and {@code parent}.
 *
 * @param resolving the CSV name this step belongs to
 * @param resource the object
 * @param optional whether the step may end {@code NotCreated} without failing the plan
 * @param status the current status
 * @param message why the step has this status, or null
 * @param parent for an object rendered from the CSV ({@code --csv-mode render}), the name of the
 *     CSV it was rendered from; such steps follow the CSV's own (not applied) step. Null for every
 *     other step, and then absent from the document, so OLM-shaped plans are unchanged
 * @param optionalBy for a step made optional at install time, the rule that did it
 *     ({@code --optional-api GROUP[/KIND]}); null for a required step and for one the bundle lists
 *     in {@code olm.manifests.optional}, and then absent from the document. It only explains: the
 *     {@code optional} flag alone decides what the step may absorb
 * @param source where the object came from (bundle or payload, file, run level), bundlectl's own
 *     field; null for a step of a plan written before it existed, and then absent from the document
 * @param action what the step does to its object on an upgrade or re-run ({@link StepAction});
 *     null when the plan was made without knowing the previous install, and then absent
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Step(
        @JsonProperty("resolving") String resolving,
        @JsonProperty("resource") StepResource resource,
        @JsonProperty("optional") boolean optional,
        @JsonProperty("status") StepStatus status,
        @JsonProperty("message") String message,
        @JsonProperty("parent") String parent,
        @JsonProperty("optionalBy") String optionalBy,
        @JsonProperty("bundlectl.dev/source") StepSource source,
        @JsonProperty("action") StepAction action) {

    public Step {
        Objects.requireNonNull(resource, "resource");
        Objects.requireNonNull(status, "status");
    }

    /** A step without a recorded {@link #source()} or {@link #action()}. */
    public Step(String resolving, StepResource resource, boolean optional, StepStatus status, String message,
            String parent, String optionalBy) {
        this(resolving, resource, optional, status, message, parent, optionalBy, null, null);
    }

    /** A step of the bundle itself (no parent). */
    public Step(String resolving, StepResource resource, boolean optional, StepStatus status, String message) {
        this(resolving, resource, optional, status, message, null, null);
    }

    /** A step whose optional flag, if set, comes from the bundle (no {@link #optionalBy()}). */
    public Step(String resolving, StepResource resource, boolean optional, StepStatus status, String message,
            String parent) {
        this(resolving, resource, optional, status, message, parent, null);
    }

    /** This step with a new status and message. */
    public Step withStatus(StepStatus newStatus, String newMessage) {
        return new Step(resolving, resource, optional, newStatus, newMessage, parent, optionalBy, source, action);
    }

    /** This step acting on another version of its object (e.g. with Secret values redacted). */
    public Step withResource(StepResource newResource) {
        return new Step(resolving, newResource, optional, status, message, parent, optionalBy, source, action);
    }

    /** This step with its provenance recorded. */
    public Step withSource(StepSource newSource) {
        return new Step(resolving, resource, optional, status, message, parent, optionalBy, newSource, action);
    }

    /** This step marked with what it does to its object. */
    public Step withAction(StepAction newAction) {
        return new Step(resolving, resource, optional, status, message, parent, optionalBy, source, newAction);
    }

    /**
     * The reason this optional step is {@code NotCreated}, followed by where its optional flag came
     * from when that was not the bundle, e.g. {@code API g/v K is not served (optional by
     * --optional-api g)}.
     */
    public String notCreatedMessage(String reason) {
        return notCreatedMessage(reason, optionalBy);
    }

    /** {@link #notCreatedMessage(String)} for a step being planned, whose rule is {@code optionalBy} (or null). */
    public static String notCreatedMessage(String reason, String optionalBy) {
        return optionalBy == null ? reason : reason + " (optional by " + optionalBy + ")";
    }
}
