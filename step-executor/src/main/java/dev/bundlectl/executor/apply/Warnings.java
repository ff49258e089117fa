package dev.bundlectl.executor.apply;

import java.util.List;

/**
 * Puts the API server's {@code Warning} headers (deprecations, for instance) on a step's final
 * message, where the table, the progress lines and the install record all show them.
 */
final class Warnings {

    private Warnings() {
    }

    /** {@code outcome} with each warning appended as {@code ; warning: <text>}. */
    static StepOutcome append(StepOutcome outcome, List<String> warnings) {
        if (warnings.isEmpty()) {
            return outcome;
        }
        StringBuilder message = new StringBuilder(outcome.message() == null ? "" : outcome.message());
        for (String warning : warnings) {
            message.append(message.length() == 0 ? "" : "; ").append("warning: ").append(warning);
        }
        if (outcome instanceof StepOutcome.Applied applied) {
            return applied.withMessage(message.toString());
        }
        return StepOutcome.failed(message.toString());
    }
}
