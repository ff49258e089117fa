package dev.bundlectl.executor.lock;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** The Lease a lock writes, and how it recognises its own write. */
class LeaseBodiesTest {

    private static final LockTarget TARGET = new LockTarget("team-a", "cachebox-operator");
    private static final Claim CLAIM = new Claim("build-7/pid 4242", "install cachebox-operator.v0.3.1", "t-1",
            Instant.parse("2026-11-27T18:01:02.123456Z"));
    private static final Instant RENEWED = Instant.parse("2026-11-27T18:01:12.000001Z");

    @Test
    void aHeldLeaseNamesItsPackageHolderOperationAndTimesInMicroseconds() {
        ObjectNode lease = LeaseBodies.held(TARGET, CLAIM, RENEWED, 30, "41");

        assertThat(lease.toString()).isEqualTo("{\"apiVersion\":\"coordination.k8s.io/v1\",\"kind\":\"Lease\","
                + "\"metadata\":{\"name\":\"bundlectl-cachebox-operator\",\"namespace\":\"team-a\","
                + "\"resourceVersion\":\"41\",\"labels\":{\"app.kubernetes.io/managed-by\":\"bundlectl\","
                + "\"bundlectl.dev/package\":\"cachebox-operator\"},\"annotations\":{\"bundlectl.dev/lock-token\":\"t-1\","
                + "\"bundlectl.dev/operation\":\"install cachebox-operator.v0.3.1\"}},"
                + "\"spec\":{\"holderIdentity\":\"build-7/pid 4242\",\"leaseDurationSeconds\":30,"
                + "\"acquireTime\":\"2026-11-27T18:01:02.123456Z\",\"renewTime\":\"2026-11-27T18:01:12.000001Z\"}}");
    }

    @Test
    void aFirstWriteCarriesNoResourceVersion() {
        assertThat(LeaseBodies.held(TARGET, CLAIM, RENEWED, 30, null).path("metadata").has("resourceVersion")).isFalse();
    }

    @Test
    void aReleasedLeaseHasNoHolderAndNoOperation() {
        ObjectNode lease = LeaseBodies.released(TARGET, CLAIM, RENEWED, 30, "44");

        assertThat(lease.path("spec").toString())
                .isEqualTo("{\"leaseDurationSeconds\":30,\"renewTime\":\"2026-11-27T18:01:12.000001Z\"}");
        assertThat(lease.path("metadata").path("annotations").toString()).isEqualTo("{\"bundlectl.dev/lock-token\":\"t-1\"}");
    }

    @Test
    void aWriteIsRecognisedByItsTokenHolderAndRenewTimeWhateverTheServerAdded() {
        ObjectNode sent = LeaseBodies.held(TARGET, CLAIM, RENEWED, 30, "41");
        ObjectNode stored = sent.deepCopy();
        stored.with("metadata").put("resourceVersion", "42").put("uid", "u-1");
        ObjectNode nextRenewal = LeaseBodies.held(TARGET, CLAIM, RENEWED.plusSeconds(10), 30, "42");
        ObjectNode otherAcquisition = LeaseBodies.held(TARGET, new Claim(CLAIM.holder(), CLAIM.operation(), "t-2",
                CLAIM.since()), RENEWED, 30, "41");

        assertThat(LeaseBodies.sameWrite(sent, stored)).isTrue();
        assertThat(LeaseBodies.sameWrite(sent, nextRenewal)).isFalse();
        assertThat(LeaseBodies.sameWrite(sent, otherAcquisition)).as("same holder, another acquisition").isFalse();
    }

    @Test
    void aPackageNameThatIsNoObjectNameStillGivesOneLeaseOfItsOwn() {
        assertThat(new LockTarget("ns", "cachebox-operator").leaseName()).isEqualTo("bundlectl-cachebox-operator");
        String odd = new LockTarget("ns", "Cache_Box").leaseName();
        assertThat(odd).matches("bundlectl-cache-box-[0-9a-f]{10}");
        assertThat(odd).isNotEqualTo(new LockTarget("ns", "cache-box").leaseName());
    }

    @Test
    void microTimesReadAnyRfc3339FormAndWriteSixDigits() {
        assertThat(MicroTime.format(Instant.parse("2026-11-27T18:01:02Z"))).isEqualTo("2026-11-27T18:01:02.000000Z");
        assertThat(MicroTime.parse("2026-11-27T19:01:02.5+01:00")).contains(Instant.parse("2026-11-27T18:01:02.5Z"));
        assertThat(MicroTime.parse("yesterday")).isEmpty();
        assertThat(MicroTime.truncate(Instant.parse("2026-11-27T18:01:02.123456789Z")))
                .isEqualTo(Instant.parse("2026-11-27T18:01:02.123456Z"));
    }
}
