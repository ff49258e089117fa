package dev.bundlectl.executor.lock;

import java.time.Instant;
import java.util.Objects;

/**
 * One acquisition of a lock, as its holder writes it into the Lease with every renewal.
 *
 * @param holder the holder's identity ({@code spec.holderIdentity})
 * @param operation what it does ({@code bundlectl.dev/operation})
 * @param token a random value of this acquisition alone ({@code bundlectl.dev/lock-token}): a
 *     write whose answer was lost is recognised as this holder's by it, even when another
 *     operation of the same identity competes
 * @param since when the lock was taken ({@code spec.acquireTime}), to the microsecond
 */
record Claim(String holder, String operation, String token, Instant since) {

    Claim {
        Objects.requireNonNull(holder, "holder");
        Objects.requireNonNull(operation, "operation");
        Objects.requireNonNull(token, "token");
        Objects.requireNonNull(since, "since");
        if (holder.isEmpty()) {
            // An empty holderIdentity is how a released lock reads.
            throw new IllegalArgumentException("a lock's holder needs an identity");
        }
    }
}
