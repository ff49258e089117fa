package dev.bundlectl.cluster.retry;

import dev.bundlectl.plan.errors.ApiFailure;
import java.time.Duration;

/** Told each time {@link RetryPolicy} is about to wait and send a request again. */
@FunctionalInterface
public interface RetryObserver {

    /** An observer that does nothing. */
    RetryObserver NONE = (failure, nextAttempt, delay) -> { };

    /**
     * A transient failure will be retried.
     *
     * @param failure what the last attempt met
     * @param nextAttempt the number of the attempt that follows (2 for the first retry)
     * @param delay how long the policy waits first
     */
    void retrying(ApiFailure failure, int nextAttempt, Duration delay);
}
