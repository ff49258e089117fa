package dev.bundlectl.controller.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class WorkQueueTest {

    @Test
    void aKeyIsQueuedOnceAndARealChangeWinsOverAResync() throws InterruptedException {
        try (WorkQueue queue = new WorkQueue(Duration.ofMillis(10), Duration.ofSeconds(1))) {
            queue.add("ns/a", true);
            queue.add("ns/a", false);
            queue.add("ns/a", true);
            queue.add("ns/b", true);

            assertThat(queue.size()).isEqualTo(2);
            assertThat(queue.take()).contains(new WorkQueue.Item("ns/a", false));
            assertThat(queue.take()).contains(new WorkQueue.Item("ns/b", true));
        }
    }

    @Test
    void aKeyBeingReconciledIsNotHandedOutAgainUntilDone() throws InterruptedException {
        try (WorkQueue queue = new WorkQueue(Duration.ofMillis(10), Duration.ofSeconds(1))) {
            queue.add("ns/a", false);
            WorkQueue.Item first = queue.take().orElseThrow();
            queue.add("ns/a", false);

            assertThat(queue.size()).as("queued again only after done").isZero();
            queue.done(first.key(), false);
            assertThat(queue.size()).isEqualTo(1);
        }
    }

    @Test
    void retriesBackOffExponentiallyUpToTheMaximum() {
        try (WorkQueue queue = new WorkQueue(Duration.ofMillis(100), Duration.ofSeconds(1))) {
            assertThat(queue.delay(1)).isEqualTo(Duration.ofMillis(100));
            assertThat(queue.delay(2)).isEqualTo(Duration.ofMillis(200));
            assertThat(queue.delay(4)).isEqualTo(Duration.ofMillis(800));
            assertThat(queue.delay(5)).isEqualTo(Duration.ofSeconds(1));
            assertThat(queue.delay(60)).isEqualTo(Duration.ofSeconds(1));
        }
    }

    @Test
    void aRetriedKeyComesBackAfterItsDelay() throws InterruptedException {
        try (WorkQueue queue = new WorkQueue(Duration.ofMillis(50), Duration.ofSeconds(1))) {
            queue.add("ns/a", false);
            queue.done(queue.take().orElseThrow().key(), true);
            assertThat(queue.size()).isZero();

            assertThat(queue.take()).contains(new WorkQueue.Item("ns/a", false));
        }
    }

    @Test
    void aKeyAddedAfterADelayComesBackOnceAtTheEarliestTimeAsked() throws InterruptedException {
        try (WorkQueue queue = new WorkQueue(Duration.ofMillis(10), Duration.ofSeconds(1))) {
            queue.addAfter("ns/a", Duration.ofMillis(300));
            queue.addAfter("ns/a", Duration.ofSeconds(30));
            queue.addAfter("ns/a", Duration.ofMillis(100));
            assertThat(queue.size()).isZero();

            // Not after 30 s: the earliest time asked for wins.
            assertThat(assertTimeoutPreemptively(Duration.ofSeconds(10), () -> queue.take()))
                    .contains(new WorkQueue.Item("ns/a", false));
            queue.done("ns/a", false);
            Thread.sleep(500);
            assertThat(queue.size()).as("the later timers were superseded").isZero();
        }
    }

    @Test
    void aZeroDelayQueuesAtOnce() {
        try (WorkQueue queue = new WorkQueue(Duration.ofMillis(10), Duration.ofSeconds(1))) {
            queue.addAfter("ns/a", Duration.ZERO);
            assertThat(queue.size()).isEqualTo(1);
        }
    }

    @Test
    void closingWakesWaitingWorkers() throws Exception {
        WorkQueue queue = new WorkQueue(Duration.ofMillis(50), Duration.ofSeconds(1));
        var taken = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
            try {
                return queue.take();
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        Thread.sleep(100);
        queue.close();

        assertThat(taken.get(5, java.util.concurrent.TimeUnit.SECONDS)).isEmpty();
    }
}
