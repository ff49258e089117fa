package dev.bundlectl.cluster.concurrency;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.AsyncResult;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** {@link BoundedConcurrency}, with tasks finished by hand (so time is the test's), and across threads. */
class BoundedConcurrencyTest {

    private static Future<Void> runAll(List<Integer> items, int limit, java.util.function.IntFunction<Future<Void>> task,
            java.util.function.BooleanSupplier mayStart) {
        return BoundedConcurrency.<Integer, Void>run(new ArrayDeque<>(items), limit, task::apply, (index, result) -> {
        }, mayStart);
    }

    @Test
    void neverRunsMoreThanTheLimitAtOnce() {
        Map<Integer, Promise<Void>> running = new HashMap<>();
        List<Integer> maxInFlight = new ArrayList<>(List.of(0));
        Future<Void> done = runAll(IntStream.range(0, 10).boxed().toList(), 3, index -> {
            Promise<Void> task = Promise.promise();
            running.put(index, task);
            maxInFlight.set(0, Math.max(maxInFlight.get(0), running.size()));
            return task.future().onComplete(finished -> running.remove(index));
        }, () -> true);

        while (!running.isEmpty()) {
            running.values().iterator().next().complete();
        }

        assertThat(done.succeeded()).isTrue();
        assertThat(maxInFlight.get(0)).isEqualTo(3);
    }

    @Test
    void stopsStartingOnceToldToButLetsRunningTasksFinish() {
        List<Integer> started = new ArrayList<>();
        Map<Integer, Promise<Void>> running = new HashMap<>();
        boolean[] stop = {false};
        Future<Void> done = runAll(List.of(0, 1, 2, 3), 2, index -> {
            started.add(index);
            Promise<Void> task = Promise.promise();
            running.put(index, task);
            return task.future();
        }, () -> !stop[0]);

        stop[0] = true;
        running.get(0).fail("step failed");
        assertThat(done.isComplete()).isFalse();
        running.get(1).complete();

        assertThat(done.succeeded()).isTrue();
        assertThat(started).containsExactly(0, 1);
    }

    @Test
    void nothingToRunIsDoneAtOnce() {
        assertThat(runAll(List.of(), 4, index -> Future.succeededFuture(), () -> true).succeeded()).isTrue();
    }

    @Test
    void startsInQueueOrderWhateverOrderTasksFinishIn() {
        List<Integer> started = new ArrayList<>();
        Map<Integer, Promise<Void>> running = new LinkedHashMap<>();
        Random random = new Random(7);
        int[] maxInFlight = {0};
        Future<Void> done = runAll(IntStream.range(0, 50).boxed().toList(), 4, index -> {
            started.add(index);
            Promise<Void> task = Promise.promise();
            running.put(index, task);
            maxInFlight[0] = Math.max(maxInFlight[0], running.size());
            return task.future();
        }, () -> true);

        while (!running.isEmpty()) {
            List<Integer> inFlight = new ArrayList<>(running.keySet());
            int chosen = inFlight.get(random.nextInt(inFlight.size()));
            running.remove(chosen).complete();
        }

        assertThat(done.succeeded()).isTrue();
        assertThat(started).isEqualTo(IntStream.range(0, 50).boxed().toList());
        assertThat(maxInFlight[0]).isEqualTo(4);
    }

    @Test
    void eachTaskEndIsReportedBeforeTheNextStartSoItMayAddWork() {
        ArrayDeque<Integer> pending = new ArrayDeque<>(List.of(1));
        List<String> events = new ArrayList<>();
        Future<Void> done = BoundedConcurrency.<Integer, Integer>run(pending, 1, item -> {
            events.add("start " + item);
            return Future.succeededFuture(item);
        }, (item, result) -> {
            events.add("end " + item);
            if (result.result() < 3) {
                pending.add(result.result() + 1);
            }
        }, () -> true);

        assertThat(done.succeeded()).isTrue();
        assertThat(events).containsExactly("start 1", "end 1", "start 2", "end 2", "start 3", "end 3");
    }

    @Test
    void aThrowingOrFailedTaskIsReportedAsFailedAndTheRestStillRun() {
        Map<Integer, AsyncResult<Void>> results = new LinkedHashMap<>();
        Future<Void> done = BoundedConcurrency.<Integer, Void>run(new ArrayDeque<>(List.of(0, 1, 2)), 1, index -> {
            if (index == 0) {
                throw new IllegalStateException("bug in task 0");
            }
            return index == 1 ? Future.failedFuture("task 1 failed") : Future.succeededFuture();
        }, results::put, () -> true);

        assertThat(done.succeeded()).isTrue();
        assertThat(results).containsOnlyKeys(0, 1, 2);
        assertThat(results.get(0).cause()).hasMessage("bug in task 0");
        assertThat(results.get(1).cause()).hasMessage("task 1 failed");
        assertThat(results.get(2).succeeded()).isTrue();
    }

    @Test
    void aBugInTheEndHandlerFailsTheRunAndStopsStarting() {
        List<Integer> started = new ArrayList<>();
        Future<Void> done = BoundedConcurrency.<Integer, Void>run(new ArrayDeque<>(List.of(0, 1, 2)), 1, index -> {
            started.add(index);
            return Future.succeededFuture();
        }, (index, result) -> {
            throw new IllegalStateException("bookkeeping bug");
        }, () -> true);

        assertThat(done.failed()).isTrue();
        assertThat(done.cause()).hasMessage("bookkeeping bug");
        assertThat(started).containsExactly(0);
    }

    @Test
    void tasksThatFinishAtOnceDoNotDeepenTheStack() {
        int count = 200_000;
        AtomicInteger ran = new AtomicInteger();
        Future<Void> done = BoundedConcurrency.forEach(IntStream.range(0, count).boxed().toList(), 3, index -> {
            ran.incrementAndGet();
            return Future.succeededFuture();
        });

        assertThat(done.succeeded()).isTrue();
        assertThat(ran).hasValue(count);
    }

    @Test
    void tasksFinishingOnOtherThreadsStillRespectTheLimit() throws Exception {
        ExecutorService threads = Executors.newFixedThreadPool(8);
        try {
            AtomicInteger inFlight = new AtomicInteger();
            AtomicInteger maxInFlight = new AtomicInteger();
            List<Integer> started = Collections.synchronizedList(new ArrayList<>());
            Future<Void> done = BoundedConcurrency.forEach(IntStream.range(0, 2_000).boxed().toList(), 5, index -> {
                started.add(index);
                maxInFlight.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
                Promise<Void> task = Promise.promise();
                threads.execute(() -> {
                    inFlight.decrementAndGet();
                    task.complete();
                });
                return task.future();
            });

            assertThat(done.toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS)).isNull();
            assertThat(maxInFlight.get()).isBetween(1, 5);
            assertThat(started).isEqualTo(IntStream.range(0, 2_000).boxed().toList());
        } finally {
            threads.shutdownNow();
        }
    }
}
