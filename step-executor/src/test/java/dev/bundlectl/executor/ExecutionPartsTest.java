package dev.bundlectl.executor;

import dev.bundlectl.executor.apply.ApplySettings;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** {@link ApplySettings}; the limiter the schedules use has its own test (BoundedConcurrencyTest). */
class ExecutionPartsTest {

    @Test
    void defaultsAreTheDocumentedOnes() {
        ApplySettings defaults = ApplySettings.defaults();

        assertThat(defaults.concurrency()).isEqualTo(8);
        assertThat(defaults.crdTimeout()).isEqualTo(Duration.ofSeconds(60));
        assertThat(defaults.timeout()).isEqualTo(Duration.ofMinutes(5));
        assertThat(defaults.dryRunServer()).isFalse();
        assertThat(defaults.firstInstall()).isFalse();
        assertThat(defaults.toBuilder().concurrency(2).build().crdTimeout()).isEqualTo(Duration.ofSeconds(60));
    }

    @Test
    void invalidOptionsAreRejected() {
        assertThatThrownBy(() -> ApplySettings.builder().concurrency(0).build())
                .hasMessageContaining("concurrency");
        assertThatThrownBy(() -> ApplySettings.builder().timeout(Duration.ZERO).build())
                .hasMessageContaining("timeout");
        assertThatThrownBy(() -> ApplySettings.builder().jitter(1.5).build()).hasMessageContaining("jitter");
    }
}
