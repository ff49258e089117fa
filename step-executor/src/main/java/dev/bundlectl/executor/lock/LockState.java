package dev.bundlectl.executor.lock;

import java.util.Objects;
import java.util.Optional;

/**
 * What a lock's Lease said when it was read: free (no Lease, no holder, or a holder whose lease
 * has expired) or held. A free state is what {@link PackageLock#acquire} takes: it carries the
 * Lease's {@code resourceVersion}, so that the lock is taken only if nobody wrote the Lease since.
 */
public sealed interface LockState permits LockState.Free, LockState.Held {

    /** The lock this state is of. */
    LockTarget target();

    /** One line for users. */
    String describe();

    /**
     * Nobody holds the lock.
     *
     * @param target the lock
     * @param resourceVersion the Lease's {@code resourceVersion}; empty when there is no Lease
     * @param expiredHolder the holder whose lease expired without a release (a crashed or stalled
     *     operation); empty when the lock was released, or never taken
     */
    record Free(LockTarget target, Optional<String> resourceVersion, Optional<LeaseHolder> expiredHolder)
            implements LockState {

        public Free {
            Objects.requireNonNull(target, "target");
            Objects.requireNonNull(resourceVersion, "resourceVersion");
            Objects.requireNonNull(expiredHolder, "expiredHolder");
        }

        /** Free with no Lease at all. */
        public static Free withoutLease(LockTarget target) {
            return new Free(target, Optional.empty(), Optional.empty());
        }

        /** Whether the Lease exists (then taking the lock updates it, else creates it). */
        public boolean leaseExists() {
            return resourceVersion.isPresent();
        }

        /**
         * {@code the lock of cachebox-operator in namespace team-a is free}, and when it was left
         * by a holder whose lease expired, {@code : the lease of install ... by ... (since ...)
         * expired at 18:01:40Z}.
         */
        @Override
        public String describe() {
            String free = "the lock of " + target.describe() + " is free";
            return expiredHolder.map(holder -> free + ": the lease of " + LockWording.activity(holder) + " (since "
                    + LockWording.instant(holder.since()) + ") expired at " + LockWording.expiry(holder))
                    .orElse(free);
        }
    }

    /**
     * Another operation holds the lock, and its lease has not expired.
     *
     * @param target the lock
     * @param holder who holds it, for what, since when, until when
     * @param resourceVersion the Lease's {@code resourceVersion}
     */
    record Held(LockTarget target, LeaseHolder holder, String resourceVersion) implements LockState {

        public Held {
            Objects.requireNonNull(target, "target");
            Objects.requireNonNull(holder, "holder");
            Objects.requireNonNull(resourceVersion, "resourceVersion");
        }

        /**
         * {@code another operation holds the lock of cachebox-operator in namespace team-a: install
         * cachebox-operator.v0.3.1 by build-7/pid 4242 since 2026-11-27T18:01:02Z; its lease
         * expires at 18:01:40Z}. What the user may do about it (wait, {@code --wait-for-lock}) is
         * the caller's to add.
         */
        @Override
        public String describe() {
            return "another operation holds the lock of " + target.describe() + ": " + LockWording.holding(holder);
        }
    }
}
