package dev.bundlectl.bench.install;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class InstallLatencyTableTest {

    private static Sample sample(long millis, long requests) {
        return new Sample(Duration.ofMillis(millis), requests, HoldTimes.NONE);
    }

    @Test
    void figuresTakeTheMedianMinimumAndMaximumOfTheirSamples() {
        StrategyFigures odd = new StrategyFigures("odd", 10, List.of(sample(300, 56), sample(100, 56), sample(200, 56)));
        StrategyFigures even = new StrategyFigures("even", 10, List.of(sample(400, 51), sample(100, 52),
                sample(300, 51), sample(200, 51)));

        assertThat(odd.medianMillis()).isEqualTo(200.0);
        assertThat(odd.minMillis()).isEqualTo(100.0);
        assertThat(odd.maxMillis()).isEqualTo(300.0);
        assertThat(odd.requests()).isEqualTo("56");
        assertThat(even.medianMillis()).isEqualTo(250.0);
        assertThat(even.requests()).isEqualTo("51-52");
        assertThat(odd.floorMillis(20)).isEqualTo(200.0);
        assertThatThrownBy(() -> new StrategyFigures("none", 1, List.of())).hasMessage("no samples for none");
    }

    @Test
    void printsTheRatioToTheFloorAndTheSpeedUpAgainstTheReference() {
        StrategyFigures concurrent = new StrategyFigures("concurrent", 10, List.of(sample(300, 56)));
        StrategyFigures sequential = new StrategyFigures("sequential", 56, List.of(sample(1200, 56)));

        List<String> lines = InstallLatencyTable.lines(20, List.of(concurrent, sequential), sequential);

        assertThat(lines.get(1).split("\\s+"))
                .containsExactly("concurrent", "56", "10", "200", "300.0", "300.0", "300.0", "1.50x", "4.00x");
        assertThat(lines.get(2).split("\\s+"))
                .containsExactly("sequential", "56", "56", "1120", "1200.0", "1200.0", "1200.0", "1.07x", "1.00x");
        assertThat(lines.get(3)).startsWith("speed-up = median of \"sequential\" / median of the row");
        assertThat(lines).hasSize(4);
    }

    @Test
    void reportsWhatTheProxyHeldAndTheFloorsAtTheMedianHold() {
        StrategyFigures concurrent = new StrategyFigures("concurrent", 10, List.of(
                new Sample(Duration.ofMillis(330), 56, new HoldTimes(56, 20.1, 22.0, 25.0)),
                new Sample(Duration.ofMillis(330), 56, new HoldTimes(56, 20.3, 21.0, 30.0))));
        StrategyFigures sequential = new StrategyFigures("sequential", 50, List.of(
                new Sample(Duration.ofMillis(1210), 50, new HoldTimes(50, 20.05, 23.0, 24.0))));

        List<String> lines = InstallLatencyTable.lines(20, List.of(concurrent, sequential), sequential);

        // Median of the medians 22.0, 21.0 and 23.0; shortest and longest of all.
        assertThat(lines).contains(
                "proxy hold per request (162 requests): min 20.05 ms, median 22.00 ms, max 30.00 ms",
                "floors at the median hold: 220.0 / 1100.0 ms; median/floor 1.50x / 1.10x");
    }

    @Test
    void leavesTheFloorRatioOutWithoutAddedLatency() {
        StrategyFigures only = new StrategyFigures("only", 10, List.of(sample(50, 56)));

        assertThat(InstallLatencyTable.lines(0, List.of(only), only).get(1).split("\\s+"))
                .containsExactly("only", "56", "10", "0", "50.0", "50.0", "50.0", "-", "1.00x");
    }
}
