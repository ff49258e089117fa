package dev.bundlectl.executor.apply;

import dev.bundlectl.plan.model.StepStatus;
import java.util.Objects;

/** How one step ended. */
public sealed interface StepOutcome permits StepOutcome.Applied, StepOutcome.Failed {

    /** The message to record on the step. */
    String message();

    /** A step that did not fail the plan (Created, Present, NotCreated, Deleted, or unchecked). */
    static StepOutcome applied(StepStatus status, String message) {
        return new Applied(status, message, null);
    }

    /** A delete step that ended {@code Deleted}, with {@code result}'s own message. */
    static StepOutcome deleted(DeleteResult result) {
        return deleted(result, result.message());
    }

    /** A delete step that ended {@code Deleted}, with a message that says more than the result's. */
    static StepOutcome deleted(DeleteResult result, String message) {
        return new Applied(StepStatus.DELETED, message, Objects.requireNonNull(result, "result"));
    }

    /** A step that fails the plan: the server refused it, or a check before sending did. */
    static StepOutcome failed(String message) {
        return new Failed(message, false, null);
    }

    /**
     * A step that fails the plan because the server answered 403: the identity may not make the
     * request ({@code refusal} is the server's own words), which a preflight reports with the
     * identity's other missing rights.
     */
    static StepOutcome forbidden(String message, String refusal) {
        return new Failed(message, false, Objects.requireNonNull(refusal, "refusal"));
    }

    /**
     * A step that fails the plan because the server could not answer: its discovery failed, or
     * transient errors outlasted the retries. A preflight does not call that a refusal.
     */
    static StepOutcome unavailable(String message) {
        return new Failed(message, true, null);
    }

    /**
     * The step ended without failing the plan.
     *
     * @param status its final status
     * @param message why it has this status
     * @param deleteResult what a delete found, for a {@code Deleted} step; null for every other step
     */
    record Applied(StepStatus status, String message, DeleteResult deleteResult) implements StepOutcome {
        public Applied {
            Objects.requireNonNull(status, "status");
            if (status == StepStatus.FAILED) {
                throw new IllegalArgumentException("use StepOutcome.failed for a failure");
            }
            if (deleteResult != null && status != StepStatus.DELETED) {
                throw new IllegalArgumentException("a delete result belongs to a Deleted step, not " + status);
            }
        }

        /** The same outcome with another message (a note added); the status and delete result stay. */
        public Applied withMessage(String newMessage) {
            return new Applied(status, newMessage, deleteResult);
        }
    }

    /**
     * The step failed; the plan fails.
     *
     * @param message the step and the API's answer
     * @param unavailable whether the server could not answer (rather than refused)
     * @param forbidden the server's message when it answered 403 Forbidden, else null
     */
    record Failed(String message, boolean unavailable, String forbidden) implements StepOutcome {
        public Failed {
            Objects.requireNonNull(message, "message");
        }

        /** The same failure with another message. */
        public Failed withMessage(String newMessage) {
            return new Failed(newMessage, unavailable, forbidden);
        }
    }
}
