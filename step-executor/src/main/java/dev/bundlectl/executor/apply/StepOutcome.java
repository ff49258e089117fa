package dev.bundlectl.executor.apply;

import dev.bundlectl.plan.model.StepStatus;
import java.util.Objects;

/** How one step ended. */
public sealed interface StepOutcome permits StepOutcome.Applied, StepOutcome.Failed {

    /** The message to record on the step. */
    String message();

    /** A step that did not fail the plan (Created, Present, NotCreated, Deleted, or unchecked). */
    static StepOutcome applied(StepStatus status, String message) {
        return new Applied(status, message);
    }

    /** A step that fails the plan. */
    static StepOutcome failed(String message) {
        return new Failed(message);
    }

    /**
     * The step ended without failing the plan.
     *
     * @param status its final status
     * @param message why it has this status
     */
    record Applied(StepStatus status, String message) implements StepOutcome {
        public Applied {
            Objects.requireNonNull(status, "status");
            if (status == StepStatus.FAILED) {
                throw new IllegalArgumentException("use StepOutcome.failed for a failure");
            }
        }
    }

    /**
     * The step failed; the plan fails.
     *
     * @param message the step and the API's answer
     */
    record Failed(String message) implements StepOutcome {
        public Failed {
            Objects.requireNonNull(message, "message");
        }
    }
}
