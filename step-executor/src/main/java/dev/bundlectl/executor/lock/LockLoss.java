package dev.bundlectl.executor.lock;

import dev.bundlectl.executor.records.ClientErrors;
import java.time.Instant;
import java.util.Objects;

/**
 * Why a {@link HeldLock} is no longer held: another writer changed its Lease, or its lease ran out
 * before a renewal got through. Either way another operation may hold the lock now, and the
 * operation that held it should stop writing.
 */
public sealed interface LockLoss permits LockLoss.Overwritten, LockLoss.Unrenewed {

    /** The lock that was lost. */
    LockTarget target();

    /** One line for users. */
    String describe();

    /**
     * A renewal found that someone else wrote the Lease since this holder's last write: another
     * operation took the lock over once the lease had expired (from its point of view), or the
     * Lease was released or deleted by hand.
     *
     * @param now the Lease as it was read after the refused renewal
     */
    record Overwritten(LockState now) implements LockLoss {

        public Overwritten {
            Objects.requireNonNull(now, "now");
        }

        @Override
        public LockTarget target() {
            return now.target();
        }

        /**
         * {@code lost the lock of X in namespace Y to install ... by ... since ...; its lease
         * expires at ...}, or {@code ...: someone else released or deleted its Lease}.
         */
        @Override
        public String describe() {
            String lost = "lost the lock of " + target().describe();
            if (now instanceof LockState.Held held) {
                return lost + " to " + LockWording.holding(held.holder());
            }
            return lost + ": someone else released or deleted its Lease";
        }
    }

    /**
     * No renewal got through before the lease ran out (the API server unreachable or failing, a
     * renewal refused for another reason, or no answer in time); another operation may take the
     * lock from then on.
     *
     * @param target the lock
     * @param expired when the lease ran out, by this holder's last renewal
     * @param cause the last renewal's failure
     */
    record Unrenewed(LockTarget target, Instant expired, Throwable cause) implements LockLoss {

        public Unrenewed {
            Objects.requireNonNull(target, "target");
            Objects.requireNonNull(expired, "expired");
            Objects.requireNonNull(cause, "cause");
        }

        /** {@code lost the lock of X in namespace Y: its lease could not be renewed before ... (503 ...)}. */
        @Override
        public String describe() {
            return "lost the lock of " + target.describe() + ": its lease could not be renewed before it expired at "
                    + LockWording.instant(expired) + " (" + ClientErrors.describe(cause) + ")";
        }
    }
}
