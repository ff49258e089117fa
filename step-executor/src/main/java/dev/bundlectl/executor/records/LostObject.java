package dev.bundlectl.executor.records;

import java.time.Instant;
import java.util.Objects;

/**
 * An object an install owned until another install took it over ({@code --take-ownership},
 * docs/semantics.md §8): no longer this install's to update or remove.
 *
 * @param object the object
 * @param takenBy the install that took it, as {@code <package> in namespace <namespace>}
 * @param at when
 */
public record LostObject(ObjectRef object, String takenBy, Instant at) {

    public LostObject {
        Objects.requireNonNull(object, "object");
        Objects.requireNonNull(takenBy, "takenBy");
        Objects.requireNonNull(at, "at");
    }

    /** One line for the user. */
    public String line() {
        return object.displayName() + ": taken over by " + takenBy + " at " + at;
    }
}
