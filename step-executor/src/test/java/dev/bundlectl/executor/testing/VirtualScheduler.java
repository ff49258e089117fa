package dev.bundlectl.executor.testing;

import dev.bundlectl.cluster.time.Scheduler;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Virtual time: every sleep advances the clock by its delay and returns at once, so backoff,
 * Retry-After, CRD timeouts and deadlines are tested without waiting. The requested delays are
 * recorded for assertions.
 */
public final class VirtualScheduler implements Scheduler {

    private final AtomicLong now = new AtomicLong(1_000_000_000L);
    private final List<Duration> sleeps = new ArrayList<>();

    @Override
    public long nanoTime() {
        return now.get();
    }

    @Override
    public Future<Void> sleep(Context context, Duration delay) {
        synchronized (sleeps) {
            sleeps.add(delay);
        }
        now.addAndGet(delay.toNanos());
        Promise<Void> done = Promise.promise();
        context.runOnContext(ignored -> done.complete());
        return done.future();
    }

    public List<Duration> sleeps() {
        synchronized (sleeps) {
            return List.copyOf(sleeps);
        }
    }
}
