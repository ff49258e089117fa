package dev.bundlectl.executor;

import dev.bundlectl.executor.apply.ApplySettings;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** {@link ApplySettings} and {@link BoundedRunner}. */
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

    @Test
    void neverRunsMoreThanTheLimitAtOnce() {
        Map<Integer, Promise<Void>> running = new HashMap<>();
        List<Integer> maxInFlight = new ArrayList<>(List.of(0));
        Future<Void> done = BoundedRunner.run(IntStream.range(0, 10).boxed().toList(), 3, index -> {
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
        Future<Void> done = BoundedRunner.run(List.of(0, 1, 2, 3), 2, index -> {
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
        assertThat(BoundedRunner.run(List.of(), 4, index -> Future.succeededFuture(), () -> true).succeeded()).isTrue();
    }
}
