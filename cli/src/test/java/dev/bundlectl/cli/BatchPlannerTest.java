package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** The batch planner's order, bound and timing, with a stand-in for planning. */
class BatchPlannerTest {

    private static List<Path> directories(int count) {
        return IntStream.range(0, count).mapToObj(i -> Path.of("bundle-" + i)).toList();
    }

    private static BundleSummary summary(Path directory) {
        return new BundleSummary(directory.toString(), "p", "c", BatchVerdict.INSTALLABLE, List.of(), List.of());
    }

    @Test
    void resultsComeInInputOrderWhateverOrderThePlanningEndsIn() {
        List<Path> input = directories(200);
        List<String> printed = new ArrayList<>();
        // Every fifth bundle is slow, so later ones finish first.
        new BatchPlanner(4, directory -> {
            if (directory.toString().endsWith("0") || directory.toString().endsWith("5")) {
                sleep(3);
            }
            return summary(directory);
        }).planAll(input, result -> printed.add(result.summary().path()));

        assertThat(printed).containsExactlyElementsOf(input.stream().map(Path::toString).toList());
    }

    @Test
    void aSlowBundleDoesNotStopTheOtherThreadsButTheRunAheadIsBounded() {
        int threads = 2;
        AtomicInteger started = new AtomicInteger();
        AtomicInteger printedCount = new AtomicInteger();
        AtomicInteger furthestAhead = new AtomicInteger();
        new BatchPlanner(threads, directory -> {
            int index = started.getAndIncrement();
            furthestAhead.accumulateAndGet(index - printedCount.get(), Math::max);
            if (directory.toString().equals("bundle-0")) {
                sleep(300);
            }
            return summary(directory);
        }).planAll(directories(1000), result -> printedCount.incrementAndGet());

        assertThat(printedCount).hasValue(1000);
        // While bundle 0 is planned, the other thread plans on up to the window, no further.
        assertThat(furthestAhead.get()).isGreaterThan(BatchPlanner.AHEAD_PER_THREAD)
                .isLessThanOrEqualTo(threads * BatchPlanner.AHEAD_PER_THREAD);
    }

    @Test
    void eachResultCarriesItsOwnPlanningTime() {
        List<BatchResult> results = new ArrayList<>();
        new BatchPlanner(2, directory -> {
            sleep(directory.toString().equals("bundle-1") ? 120 : 0);
            return summary(directory);
        }).planAll(directories(3), results::add);

        assertThat(results.get(1).millis()).isGreaterThanOrEqualTo(100);
        assertThat(results.get(0).millis()).isLessThan(100);
        assertThat(results.get(2).millis()).isLessThan(100);
    }

    @Test
    void everyBundleIsPlannedExactlyOnce() {
        ConcurrentHashMap<Path, Integer> calls = new ConcurrentHashMap<>();
        List<Path> input = directories(500);
        new BatchPlanner(3, directory -> {
            calls.merge(directory, 1, Integer::sum);
            return summary(directory);
        }).planAll(input, result -> { });

        assertThat(calls).hasSize(500).allSatisfy((directory, count) -> assertThat(count).isEqualTo(1));
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    @Test
    void threadsFollowTheCoresUpToWhatTheHeapHolds() {
        long mb = 1L << 20;
        assertThat(BatchPlanner.threadsFor(2, 256 * mb)).isEqualTo(2);
        assertThat(BatchPlanner.threadsFor(16, 256 * mb)).isEqualTo(4);
        assertThat(BatchPlanner.threadsFor(16, 4096 * mb)).isEqualTo(16);
        assertThat(BatchPlanner.threadsFor(8, 32 * mb)).isEqualTo(1);
    }
}
