package dev.bundlectl.cluster.retry;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class BackoffTest {

    @Test
    void doublesFromTheBaseUpToTheCap() {
        Backoff backoff = new Backoff(Duration.ofMillis(250), Duration.ofSeconds(2), 0, () -> 0.5);

        assertThat(backoff.delay(1, -1)).isEqualTo(Duration.ofMillis(250));
        assertThat(backoff.delay(2, -1)).isEqualTo(Duration.ofMillis(500));
        assertThat(backoff.delay(4, -1)).isEqualTo(Duration.ofSeconds(2));
        assertThat(backoff.delay(40, -1)).isEqualTo(Duration.ofSeconds(2));
    }

    @Test
    void jitterTakesOffAtMostItsShare() {
        assertThat(new Backoff(Duration.ofSeconds(1), Duration.ofSeconds(10), 0.5, () -> 0.0).delay(1, -1))
                .isEqualTo(Duration.ofSeconds(1));
        assertThat(new Backoff(Duration.ofSeconds(1), Duration.ofSeconds(10), 0.5, () -> 0.8).delay(1, -1))
                .isEqualTo(Duration.ofMillis(600));
    }

    @Test
    void neverWaitsLessThanRetryAfterEvenAboveTheCap() {
        Backoff backoff = new Backoff(Duration.ofMillis(250), Duration.ofSeconds(2), 0.5, () -> 0.9);

        assertThat(backoff.delay(1, 3)).isEqualTo(Duration.ofSeconds(3));
        assertThat(backoff.delay(5, 0)).isEqualTo(Duration.ofMillis(1100));
    }
}
