package dev.bundlectl.cluster.retry;

import java.time.Duration;
import java.util.function.DoubleSupplier;

/**
 * Exponential backoff with jitter: {@code base * 2^(n-1)} capped at {@code max}, less a random
 * part of up to {@code jitter} of it, and never less than the server's {@code Retry-After}.
 */
public final class Backoff {

    private final Duration base;
    private final Duration max;
    private final double jitter;
    private final DoubleSupplier random;

    /**
     * @param base the first delay
     * @param max the largest delay before {@code Retry-After} is applied
     * @param jitter the share of each delay that is randomised, 0 to 1
     * @param random uniform values in [0, 1)
     */
    public Backoff(Duration base, Duration max, double jitter, DoubleSupplier random) {
        this.base = base;
        this.max = max;
        this.jitter = jitter;
        this.random = random;
    }

    /**
     * The delay before retry number {@code failures} (1 after the first failure).
     *
     * @param retryAfterSeconds the server's {@code Retry-After}, or -1
     */
    public Duration delay(int failures, long retryAfterSeconds) {
        long baseMillis = base.toMillis();
        int doublings = Math.min(Math.max(failures - 1, 0), 30);
        long exponential = Math.min(max.toMillis(), baseMillis << doublings);
        if (exponential < 0) {
            exponential = max.toMillis();
        }
        long jittered = Math.round(exponential * (1 - jitter * random.getAsDouble()));
        long floor = retryAfterSeconds > 0 ? retryAfterSeconds * 1000 : 0;
        return Duration.ofMillis(Math.max(Math.max(jittered, 1), floor));
    }
}
