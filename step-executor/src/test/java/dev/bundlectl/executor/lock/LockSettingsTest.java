package dev.bundlectl.executor.lock;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The lock's timings: a 30 s lease by default, renewed well within it. */
class LockSettingsTest {

    @Test
    void theDefaultLeaseLastsThirtySecondsAndIsRenewedEveryTen() {
        LockSettings defaults = LockSettings.defaults();

        assertThat(defaults.leaseDurationSeconds()).isEqualTo(30);
        assertThat(defaults.renewEvery()).isEqualTo(Duration.ofSeconds(10));
    }

    @Test
    void aLeaseLastsWholeSecondsAndIsRenewedBeforeItRunsOut() {
        LockSettings defaults = LockSettings.defaults();

        assertThat(defaults.withLease(Duration.ofSeconds(2), Duration.ofMillis(500)).leaseDurationSeconds()).isEqualTo(2);
        assertThatThrownBy(() -> defaults.withLease(Duration.ofMillis(1500), Duration.ofMillis(500)))
                .hasMessageContaining("whole seconds");
        assertThatThrownBy(() -> defaults.withLease(Duration.ofSeconds(2), Duration.ofSeconds(2)))
                .hasMessageContaining("more often than the lease lasts");
        assertThatThrownBy(() -> defaults.withPollEvery(Duration.ZERO)).hasMessageContaining("positive");
    }
}
