package dev.bundlectl.bench.install;

import java.time.Duration;
import java.util.Objects;

/**
 * One timed install.
 *
 * @param wallTime from the start of the install to its last answer
 * @param requests how many requests it sent
 * @param holds how long the proxy held them
 */
public record Sample(Duration wallTime, long requests, HoldTimes holds) {

    public Sample {
        Objects.requireNonNull(wallTime, "wallTime");
        Objects.requireNonNull(holds, "holds");
        if (requests < 0) {
            throw new IllegalArgumentException("requests must not be negative");
        }
    }

    /** The wall time in milliseconds, with fractions. */
    public double millis() {
        return wallTime.toNanos() / 1e6;
    }
}
