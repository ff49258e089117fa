package dev.bundlectl.controller.reconcile;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The back-off of a failed upgrade, as docs/controller.md ("When an upgrade fails") states it. */
class FailedUpgradeTest {

    private static final Instant AT = Instant.parse("2026-11-29T10:00:00Z");

    @Test
    void theWaitStartsAtFiveMinutesDoublesAndStopsAtAnHour() {
        assertThat(FailedUpgrade.backoff(1)).isEqualTo(Duration.ofMinutes(5));
        assertThat(FailedUpgrade.backoff(2)).isEqualTo(Duration.ofMinutes(10));
        assertThat(FailedUpgrade.backoff(3)).isEqualTo(Duration.ofMinutes(20));
        assertThat(FailedUpgrade.backoff(4)).isEqualTo(Duration.ofMinutes(40));
        assertThat(FailedUpgrade.backoff(5)).isEqualTo(Duration.ofHours(1));
        assertThat(FailedUpgrade.backoff(50)).isEqualTo(Duration.ofHours(1));
    }

    @Test
    void onlyTheSamePlanOfTheSameGenerationIsHeldBackAndOnlyUntilRetryAt() {
        FailedUpgrade failed = new FailedUpgrade("sha256:a", 3, "0.3.1", "0.3.2", 1, AT, "CSV Failed");
        assertThat(failed.holdsBack("sha256:a", 3, AT.plusSeconds(60))).isTrue();
        assertThat(failed.holdsBack("sha256:b", 3, AT.plusSeconds(60))).as("the catalog changed the plan").isFalse();
        assertThat(failed.holdsBack("sha256:a", 4, AT.plusSeconds(60))).as("the spec changed").isFalse();
        assertThat(failed.holdsBack("sha256:a", 3, AT.plus(Duration.ofMinutes(5)))).as("back-off over").isFalse();
    }

    @Test
    void failuresOfTheSamePlanAreCountedAndAnotherPlanStartsAgain() {
        FailedUpgrade first = FailedUpgrade.next(Optional.empty(), "sha256:a", 3, "0.3.1", "0.3.2", AT, "x");
        FailedUpgrade second = FailedUpgrade.next(Optional.of(first), "sha256:a", 3, "0.3.1", "0.3.2",
                AT.plusSeconds(400), "x");
        FailedUpgrade other = FailedUpgrade.next(Optional.of(second), "sha256:b", 3, "0.3.1", "0.3.3",
                AT.plusSeconds(900), "y");
        assertThat(first.attempts()).isEqualTo(1);
        assertThat(second.attempts()).isEqualTo(2);
        assertThat(second.retryAt()).isEqualTo(AT.plusSeconds(400).plus(Duration.ofMinutes(10)));
        assertThat(other.attempts()).isEqualTo(1);
    }

    @Test
    void theStatusCopyReadsBackAsItWasWritten() {
        FailedUpgrade failed = new FailedUpgrade("sha256:a", 3, "0.3.1", "0.3.2", 2, AT, "CSV Failed");
        com.fasterxml.jackson.databind.node.ObjectNode status =
                com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode();
        status.set("lastFailedUpgrade", failed.toJson());
        assertThat(FailedUpgrade.of(status)).contains(failed);
        assertThat(status.path("lastFailedUpgrade").path("retryAt").asText()).isEqualTo("2026-11-29T10:10:00Z");
        assertThat(failed.describe()).isEqualTo("upgrade from 0.3.1 to 0.3.2 failed: CSV Failed; tried again when the "
                + "catalog or the spec changes, or at 2026-11-29T10:10:00Z (attempt 2)");
    }
}
