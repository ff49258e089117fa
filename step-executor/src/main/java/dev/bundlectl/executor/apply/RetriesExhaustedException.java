package dev.bundlectl.executor.apply;

import dev.bundlectl.plan.errors.ApiFailure;

/** A transient failure that kept coming back until the deadline left no room for another try. */
final class RetriesExhaustedException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final transient ApiFailure failure;
    private final int attempts;

    RetriesExhaustedException(ApiFailure failure, int attempts) {
        super(failure.describe() + " (gave up after " + attempts + (attempts == 1 ? " attempt" : " attempts")
                + ": the deadline left no time for another)", null, false, false);
        this.failure = failure;
        this.attempts = attempts;
    }

    ApiFailure failure() {
        return failure;
    }

    int attempts() {
        return attempts;
    }
}
