package dev.bundlectl.bench.install;

import java.time.Duration;
import java.util.Objects;

/**
 * One timed install.
 *
 * @param wallTime from the start of the install to its last answer
 * @param requests how many requests it sent
 */
public record Sample(Duration wallTime, long requests) {

    public Sample {
        Objects.requireNonNull(wallTime, "wallTime");
        if (requests < 0) {
            throw new IllegalArgumentException("requests must not be negative");
        }
    }

    /** The wall time in milliseconds, with fractions. */
    public double millis() {
        return wallTime.toNanos() / 1e6;
    }
}
