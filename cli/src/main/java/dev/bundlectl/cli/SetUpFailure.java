package dev.bundlectl.cli;

import java.util.concurrent.CompletionException;

/** What a connection's set-up on another thread threw, to be thrown again as it was. */
final class SetUpFailure {

    private SetUpFailure() {
    }

    /**
     * The unchecked exception or error {@code failure} wraps, to throw on this thread (an error is
     * thrown from here); {@code failure} itself when it wraps a checked exception.
     */
    static RuntimeException unwrap(CompletionException failure) {
        if (failure.getCause() instanceof Error error) {
            throw error;
        }
        return failure.getCause() instanceof RuntimeException runtime ? runtime : failure;
    }
}
