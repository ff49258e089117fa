package dev.bundlectl.plan.errors;

import java.util.Objects;

/**
 * The verdict on one API failure.
 *
 * @param errorClass the class from docs/semantics.md §3
 * @param transientError whether retrying may succeed (429, 5xx, timeouts, resets); only ever true
 *     for {@link ErrorClass#FAILURE}
 */
public record Classification(ErrorClass errorClass, boolean transientError) {

    public Classification {
        Objects.requireNonNull(errorClass, "errorClass");
        if (transientError && errorClass != ErrorClass.FAILURE) {
            throw new IllegalArgumentException("only failures can be transient");
        }
    }
}
