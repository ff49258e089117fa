package dev.bundlectl.executor.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class FaultScheduleTest {

    @Test
    void theSameSeedGivesTheSameFaultsInArrivalOrder() {
        assertThat(draw(FaultSchedule.seeded(15, 0.2), 500)).isEqualTo(draw(FaultSchedule.seeded(15, 0.2), 500));
        assertThat(draw(FaultSchedule.seeded(15, 0.2), 500)).isNotEqualTo(draw(FaultSchedule.seeded(16, 0.2), 500));
    }

    @Test
    void aboutTheRateOfRequestsGetAFaultAndTheFiveKindsComeEvenly() {
        Map<Fault, Integer> counts = new EnumMap<>(Fault.class);
        draw(FaultSchedule.seeded(15, 0.2), 10_000).forEach(fault -> counts.merge(fault, 1, Integer::sum));

        int faulted = 10_000 - counts.get(Fault.NONE);
        assertThat(faulted).isBetween(1_800, 2_200);
        // Every five faults hold each kind once, so the kinds differ by at most one.
        List<Integer> perKind = counts.entrySet().stream().filter(e -> e.getKey() != Fault.NONE)
                .map(Map.Entry::getValue).toList();
        assertThat(perKind).hasSize(5);
        assertThat(perKind.stream().mapToInt(Integer::intValue).max().getAsInt()
                - perKind.stream().mapToInt(Integer::intValue).min().getAsInt()).isLessThanOrEqualTo(1);
    }

    @Test
    void rateZeroInjectsNothingAndRateOneFaultsEveryRequest() {
        assertThat(draw(FaultSchedule.seeded(1, 0), 100)).containsOnly(Fault.NONE);
        assertThat(draw(FaultSchedule.seeded(1, 1), 100)).doesNotContain(Fault.NONE);
        assertThatThrownBy(() -> FaultSchedule.seeded(1, 1.5)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aScriptIsPlayedInOrderThenNothing() {
        assertThat(draw(FaultSchedule.scripted(Fault.GATEWAY_TIMEOUT, Fault.RESET_AFTER_FORWARDING), 3))
                .containsExactly(Fault.GATEWAY_TIMEOUT, Fault.RESET_AFTER_FORWARDING, Fault.NONE);
    }

    private static List<Fault> draw(FaultSchedule schedule, int requests) {
        return IntStream.range(0, requests).mapToObj(i -> schedule.next()).toList();
    }
}
