package dev.bundlectl.cluster.retry;

import dev.bundlectl.plan.errors.ApiFailure;

/** A transient failure that kept coming back until the deadline left no room for another try. */
public final class RetriesExhaustedException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final transient ApiFailure failure;
    private final int attempts;

    /**
     * @param failure the last failure
     * @param attempts how many requests were sent
     */
    public RetriesExhaustedException(ApiFailure failure, int attempts) {
        super(failure.describe() + " (gave up after " + attempts + (attempts == 1 ? " attempt" : " attempts")
                + ": the deadline left no time for another)", null, false, false);
        this.failure = failure;
        this.attempts = attempts;
    }

    /** The last failure. */
    public ApiFailure failure() {
        return failure;
    }

    /** How many requests were sent. */
    public int attempts() {
        return attempts;
    }
}
