package dev.bundlectl.executor.ownership;

import java.util.Objects;

/**
 * Whether the install an owner mark names still stands (docs/semantics.md §8, "A stale owner is no
 * owner"): its namespace exists and holds an install record of its package. A mark whose install is
 * gone is stale and counts as no owner; one that could not be checked counts as an owner, so that
 * nothing is deleted on a guess.
 */
public sealed interface OwnerStanding {

    /** Whether the owner is gone, and its mark stale. */
    default boolean gone() {
        return this instanceof Gone;
    }

    /** The owner's namespace exists and holds a record of its package. */
    record Present() implements OwnerStanding {
    }

    /**
     * The owner is gone.
     *
     * @param why what says so: {@code namespace a no longer exists}, or that it holds no record
     */
    record Gone(String why) implements OwnerStanding {
        public Gone {
            Objects.requireNonNull(why, "why");
        }
    }

    /**
     * Whether the owner stands could not be read (the namespace or its records refused, or not
     * answered): it counts as an owner.
     *
     * @param why what could not be read, and the server's answer
     */
    record Unknown(String why) implements OwnerStanding {
        public Unknown {
            Objects.requireNonNull(why, "why");
        }
    }
}
