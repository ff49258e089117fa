package dev.bundlectl.cluster.time;

import io.vertx.core.Context;
import io.vertx.core.Future;
import java.time.Duration;

/**
 * Where the executor gets its sense of elapsed time and its delays from. Production code uses
 * {@link #system()}; tests pass a virtual scheduler so that backoff, {@code Retry-After} and
 * deadlines can be checked without waiting.
 */
public interface Scheduler {

    /** Monotonic time in nanoseconds; only differences are meaningful. */
    long nanoTime();

    /**
     * A future that completes on {@code context} once {@code delay} has passed. It never blocks
     * the calling thread.
     */
    Future<Void> sleep(Context context, Duration delay);

    /** Real time: {@link System#nanoTime()} and Vert.x timers. */
    static Scheduler system() {
        return new SystemScheduler();
    }
}
