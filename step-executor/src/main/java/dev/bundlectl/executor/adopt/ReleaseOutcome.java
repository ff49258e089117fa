package dev.bundlectl.executor.adopt;

import dev.bundlectl.executor.lock.LockState;
import java.util.List;
import java.util.Objects;

/** How a release ended ({@link PackageRelease}). */
public sealed interface ReleaseOutcome {

    /** Nothing was written: there is no install to release, or OLM could not take it back as asked. */
    record Refused(String why) implements ReleaseOutcome {
        public Refused {
            Objects.requireNonNull(why, "why");
        }
    }

    /** Another operation of the package holds its lock; nothing was written. */
    record LockHeld(LockState lock) implements ReleaseOutcome {
        public LockHeld {
            Objects.requireNonNull(lock, "lock");
        }
    }

    /**
     * The release ran.
     *
     * @param lines what became of each object, in the order released
     * @param failures the objects whose mark could not be removed (the records then stay, so that a
     *     second release finds them), and a Subscription that could not be created
     * @param records the install records deleted
     * @param subscription the Subscription created for OLM, as {@code Subscription NS/NAME}, or null
     */
    record Released(List<String> lines, List<String> failures, List<String> records, String subscription)
            implements ReleaseOutcome {
        public Released {
            lines = List.copyOf(lines);
            failures = List.copyOf(failures);
            records = List.copyOf(records);
        }

        /** Whether every object was released and, when asked, the Subscription created. */
        public boolean complete() {
            return failures.isEmpty();
        }
    }
}
