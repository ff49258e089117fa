package dev.bundlectl.executor.lock;

import java.util.Objects;

/** How {@link PackageLock#acquire} ended. */
public sealed interface Acquisition permits Acquisition.Acquired, Acquisition.Changed {

    /**
     * The lock is taken: nobody wrote its Lease between the read that gave the free state and
     * this write. The caller now holds it, renewed in the background, until it releases it.
     */
    record Acquired(HeldLock lock) implements Acquisition {
        public Acquired {
            Objects.requireNonNull(lock, "lock");
        }
    }

    /**
     * Someone wrote the Lease since it was read (another operation took the lock, released it, or
     * deleted the Lease); nothing was written. {@code now} is the Lease as it is now: the caller
     * plans again from it, or reports its holder.
     */
    record Changed(LockState now) implements Acquisition {
        public Changed {
            Objects.requireNonNull(now, "now");
        }
    }
}
