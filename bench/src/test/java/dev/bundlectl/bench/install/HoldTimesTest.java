package dev.bundlectl.bench.install;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class HoldTimesTest {

    @Test
    void summarisesNanosecondsInMilliseconds() {
        assertThat(HoldTimes.ofNanos(List.of(21_000_000L, 20_000_000L, 25_500_000L)))
                .isEqualTo(new HoldTimes(3, 20.0, 21.0, 25.5));
        assertThat(HoldTimes.ofNanos(List.of())).isEqualTo(HoldTimes.NONE);
    }

    @Test
    void combinesInstallsIgnoringThoseWithoutRequests() {
        HoldTimes combined = HoldTimes.combine(List.of(new HoldTimes(10, 20.2, 21.0, 24.0), HoldTimes.NONE,
                new HoldTimes(12, 20.1, 22.0, 23.0)));

        assertThat(combined).isEqualTo(new HoldTimes(22, 20.1, 21.5, 24.0));
        assertThat(HoldTimes.combine(List.of(HoldTimes.NONE))).isEqualTo(HoldTimes.NONE);
    }
}
