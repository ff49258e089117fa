package dev.bundlectl.executor.waiting;

import java.time.Duration;
import java.util.Objects;

/**
 * How waiting for a future ended ({@link Blocking#await}); each caller words the failures its own way.
 *
 * @param <T> what the future completes with
 */
public sealed interface Waited<T> {

    /** The future succeeded with {@code value}. */
    record Done<T>(T value) implements Waited<T> {
    }

    /** The future failed with {@code cause}: the exception it failed with, not a wrapper. */
    record Failed<T>(Throwable cause) implements Waited<T> {
        public Failed {
            Objects.requireNonNull(cause, "cause");
        }
    }

    /** No answer within {@code after}; the future may still complete later. */
    record TimedOut<T>(Duration after) implements Waited<T> {
        public TimedOut {
            Objects.requireNonNull(after, "after");
        }
    }

    /** The waiting thread was interrupted; its interrupt flag is set again. */
    record Interrupted<T>() implements Waited<T> {
    }
}
