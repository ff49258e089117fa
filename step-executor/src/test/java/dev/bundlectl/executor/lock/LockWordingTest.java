package dev.bundlectl.executor.lock;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.cluster.kube.ApiException;
import dev.bundlectl.plan.errors.ApiFailure;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The one-line messages of the lock's states and losses. */
class LockWordingTest {

    private static final LockTarget TARGET = new LockTarget("team-a", "cachebox-operator");
    private static final LeaseHolder HOLDER = new LeaseHolder("build-7/pid 4242", "install cachebox-operator.v0.3.1",
            Instant.parse("2026-11-27T18:01:02.654321Z"), Instant.parse("2026-11-27T18:01:40.000100Z"));

    @Test
    void aHeldLockNamesTheOperationItsHolderSinceWhenAndWhenItsLeaseExpires() {
        assertThat(new LockState.Held(TARGET, HOLDER, "42").describe()).isEqualTo(
                "another operation holds the lock of cachebox-operator in namespace team-a: install "
                        + "cachebox-operator.v0.3.1 by build-7/pid 4242 since 2026-11-27T18:01:02Z; its lease "
                        + "expires at 18:01:40Z");
    }

    @Test
    void anExpiryOnAnotherDayIsGivenInFull() {
        LeaseHolder overMidnight = new LeaseHolder("controller bundlectl-5d9f", "", Instant.parse("2026-11-27T23:59:50Z"),
                Instant.parse("2026-11-28T00:00:20Z"));

        assertThat(new LockState.Held(TARGET, overMidnight, "42").describe()).isEqualTo(
                "another operation holds the lock of cachebox-operator in namespace team-a: an unnamed operation "
                        + "by controller bundlectl-5d9f since 2026-11-27T23:59:50Z; its lease expires at "
                        + "2026-11-28T00:00:20Z");
    }

    @Test
    void aFreeLockSaysWhoseLeaseExpired() {
        assertThat(LockState.Free.withoutLease(TARGET).describe())
                .isEqualTo("the lock of cachebox-operator in namespace team-a is free");
        assertThat(new LockState.Free(TARGET, Optional.of("42"), Optional.of(HOLDER)).describe()).isEqualTo(
                "the lock of cachebox-operator in namespace team-a is free: the lease of install "
                        + "cachebox-operator.v0.3.1 by build-7/pid 4242 (since 2026-11-27T18:01:02Z) expired at 18:01:40Z");
    }

    @Test
    void aLostLockSaysToWhomOrWhyItsLeaseRanOut() {
        assertThat(new LockLoss.Overwritten(new LockState.Held(TARGET, HOLDER, "43")).describe()).isEqualTo(
                "lost the lock of cachebox-operator in namespace team-a to install cachebox-operator.v0.3.1 by "
                        + "build-7/pid 4242 since 2026-11-27T18:01:02Z; its lease expires at 18:01:40Z");
        assertThat(new LockLoss.Overwritten(LockState.Free.withoutLease(TARGET)).describe()).isEqualTo(
                "lost the lock of cachebox-operator in namespace team-a: someone else released or deleted its Lease");
        ApiException unavailable = new ApiException(ApiFailure.HttpError.of(503, "ServiceUnavailable"));
        assertThat(new LockLoss.Unrenewed(TARGET, HOLDER.expires(), unavailable).describe()).isEqualTo(
                "lost the lock of cachebox-operator in namespace team-a: its lease could not be renewed before it "
                        + "expired at 2026-11-27T18:01:40Z (503 ServiceUnavailable)");
    }
}
