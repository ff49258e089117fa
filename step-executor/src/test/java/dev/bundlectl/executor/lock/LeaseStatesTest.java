package dev.bundlectl.executor.lock;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** How a lock's state is read from its Lease: free, held, or free with an expired holder. */
class LeaseStatesTest {

    private static final LockTarget TARGET = new LockTarget("team-a", "cachebox-operator");
    private static final Instant ACQUIRED = Instant.parse("2026-11-27T18:01:02.123456Z");
    private static final Instant RENEWED = Instant.parse("2026-11-27T18:01:10.000001Z");
    private static final Duration DEFAULT = Duration.ofSeconds(30);

    @Test
    void noLeaseIsFreeWithNothingToWriteOn() {
        LockState state = LeaseStates.read(TARGET, Optional.empty(), RENEWED, DEFAULT);

        assertThat(state).isEqualTo(LockState.Free.withoutLease(TARGET));
        assertThat(((LockState.Free) state).leaseExists()).isFalse();
    }

    @Test
    void aLeaseWithoutHolderIsFreeAtItsVersion() {
        ObjectNode lease = lease("", null, null, 30);

        LockState state = LeaseStates.read(TARGET, Optional.of(lease), RENEWED, DEFAULT);

        assertThat(state).isEqualTo(new LockState.Free(TARGET, Optional.of("42"), Optional.empty()));
    }

    @Test
    void aHolderIsHeldUntilRenewTimePlusTheLeaseDurationHasPassed() {
        ObjectNode lease = lease("build-7/pid 4242", ACQUIRED, RENEWED, 30);
        Instant expires = RENEWED.plusSeconds(30);
        LeaseHolder holder = new LeaseHolder("build-7/pid 4242", "install cachebox-operator.v0.3.1", ACQUIRED, expires);

        assertThat(LeaseStates.read(TARGET, Optional.of(lease), expires, DEFAULT))
                .as("at the very instant it expires: still held")
                .isEqualTo(new LockState.Held(TARGET, holder, "42"));
        assertThat(LeaseStates.read(TARGET, Optional.of(lease), expires.plusNanos(1000), DEFAULT))
                .as("a microsecond later: free, the holder named as expired")
                .isEqualTo(new LockState.Free(TARGET, Optional.of("42"), Optional.of(holder)));
    }

    @Test
    void theLeaseSaysHowLongItLastsAndTheDefaultStandsInWhenItDoesNot() {
        Instant now = RENEWED.plusSeconds(10);

        assertThat(LeaseStates.read(TARGET, Optional.of(lease("h", ACQUIRED, RENEWED, 5)), now, DEFAULT))
                .isInstanceOf(LockState.Free.class);
        assertThat(LeaseStates.read(TARGET, Optional.of(lease("h", ACQUIRED, RENEWED, 0)), now, DEFAULT))
                .isInstanceOf(LockState.Held.class);
    }

    @Test
    void aHolderNeverRenewedCountsFromItsAcquireTime() {
        LockState state = LeaseStates.read(TARGET, Optional.of(lease("h", ACQUIRED, null, 30)),
                ACQUIRED.plusSeconds(29), DEFAULT);

        assertThat(state).isInstanceOfSatisfying(LockState.Held.class,
                held -> assertThat(held.holder().expires()).isEqualTo(ACQUIRED.plusSeconds(30)));
    }

    @Test
    void aHolderWithNeitherTimeHoldsNothing() {
        assertThat(LeaseStates.read(TARGET, Optional.of(lease("someone", null, null, 30)), RENEWED, DEFAULT))
                .isEqualTo(new LockState.Free(TARGET, Optional.of("42"), Optional.empty()));
    }

    @Test
    void aLeaseWrittenByTheLockReadsBackAsItsHolder() {
        Claim claim = new Claim("controller bundlectl-5d9f", "uninstall cachebox-operator", "t-1", ACQUIRED);
        ObjectNode written = LeaseBodies.held(TARGET, claim, RENEWED, 30, null);
        written.with("metadata").put("resourceVersion", "7");

        LockState state = LeaseStates.read(TARGET, Optional.of(written), RENEWED, DEFAULT);

        assertThat(state).isEqualTo(new LockState.Held(TARGET, new LeaseHolder("controller bundlectl-5d9f",
                "uninstall cachebox-operator", ACQUIRED, RENEWED.plusSeconds(30)), "7"));
    }

    @Test
    void aReleasedLeaseReadsFree() {
        Claim claim = new Claim("h", "install x", "t-1", ACQUIRED);

        ObjectNode released = LeaseBodies.released(TARGET, claim, RENEWED, 30, "8");

        assertThat(LeaseStates.read(TARGET, Optional.of(released), RENEWED, DEFAULT))
                .isEqualTo(new LockState.Free(TARGET, Optional.of("8"), Optional.empty()));
    }

    private static ObjectNode lease(String holder, Instant acquired, Instant renewed, int seconds) {
        ObjectNode lease = JsonNodeFactory.instance.objectNode();
        ObjectNode metadata = lease.putObject("metadata").put("name", "bundlectl-cachebox-operator")
                .put("resourceVersion", "42");
        metadata.putObject("annotations").put(LeaseBodies.ANNOTATION_OPERATION, "install cachebox-operator.v0.3.1");
        ObjectNode spec = lease.putObject("spec").put("leaseDurationSeconds", seconds);
        if (!holder.isEmpty()) {
            spec.put("holderIdentity", holder);
        }
        if (acquired != null) {
            spec.put("acquireTime", MicroTime.format(acquired));
        }
        if (renewed != null) {
            spec.put("renewTime", MicroTime.format(renewed));
        }
        return lease;
    }
}
