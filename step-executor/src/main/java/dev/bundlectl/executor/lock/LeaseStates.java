package dev.bundlectl.executor.lock;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * Reads a lock's state from its Lease (docs/semantics.md §3, "One operation at a time"): no Lease
 * or no holder is free; a holder whose {@code renewTime} plus {@code leaseDurationSeconds} lies
 * before now is free too, the holder kept as expired; anyone else holds it.
 */
final class LeaseStates {

    private LeaseStates() {
    }

    /**
     * The state of {@code target} given its Lease ({@code empty}: none) at {@code now}, by this
     * machine's clock. A Lease that gives no duration counts {@code defaultDuration}; one that
     * names a holder but neither time was not written by bundlectl, which always writes both,
     * and holds nothing.
     */
    static LockState read(LockTarget target, Optional<ObjectNode> lease, Instant now, Duration defaultDuration) {
        if (lease.isEmpty()) {
            return LockState.Free.withoutLease(target);
        }
        JsonNode found = lease.get();
        String resourceVersion = LeaseBodies.resourceVersion(found);
        String identity = LeaseBodies.holder(found);
        Optional<Instant> acquired = MicroTime.parse(LeaseBodies.acquireTime(found));
        Optional<Instant> renewed = MicroTime.parse(LeaseBodies.renewTime(found)).or(() -> acquired);
        if (identity.isEmpty() || renewed.isEmpty()) {
            return new LockState.Free(target, Optional.of(resourceVersion), Optional.empty());
        }
        JsonNode seconds = found.path("spec").path("leaseDurationSeconds");
        Duration duration = seconds.canConvertToInt() && seconds.asInt() > 0
                ? Duration.ofSeconds(seconds.asInt()) : defaultDuration;
        LeaseHolder holder = new LeaseHolder(identity, LeaseBodies.operation(found), acquired.orElse(renewed.get()),
                renewed.get().plus(duration));
        if (holder.expires().isBefore(now)) {
            return new LockState.Free(target, Optional.of(resourceVersion), Optional.of(holder));
        }
        return new LockState.Held(target, holder, resourceVersion);
    }
}
