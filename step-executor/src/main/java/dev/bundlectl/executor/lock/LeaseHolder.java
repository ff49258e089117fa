package dev.bundlectl.executor.lock;

import java.time.Instant;
import java.util.Objects;

/**
 * Who holds (or held) a lock, as its Lease says.
 *
 * @param identity the holder's identity ({@code spec.holderIdentity}), such as {@code build-7/pid 4242}
 * @param operation what it is doing, such as {@code install cachebox-operator.v0.3.1}; empty when
 *     the Lease does not say
 * @param since when it took the lock ({@code spec.acquireTime})
 * @param expires when its lease runs out unless renewed ({@code spec.renewTime} plus
 *     {@code spec.leaseDurationSeconds})
 */
public record LeaseHolder(String identity, String operation, Instant since, Instant expires) {

    public LeaseHolder {
        Objects.requireNonNull(identity, "identity");
        Objects.requireNonNull(operation, "operation");
        Objects.requireNonNull(since, "since");
        Objects.requireNonNull(expires, "expires");
    }
}
