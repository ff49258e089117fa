package dev.bundlectl.cluster.discovery;

import dev.bundlectl.cluster.retry.Backoff;
import dev.bundlectl.cluster.retry.RetryObserver;
import dev.bundlectl.cluster.retry.RetryPolicy;
import dev.bundlectl.cluster.time.Scheduler;
import io.vertx.core.Context;
import io.vertx.core.Future;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Supplier;

/**
 * How a discovery request is retried (docs/semantics.md §3): after a transient failure (429, 5xx,
 * timeouts, resets) it is sent again with exponential backoff and jitter, never sooner than the
 * server's {@code Retry-After}, for at most {@code patience} and never past {@code deadlineNanos}.
 * A permanent failure, or one that the time left cannot cover, is passed on as it came.
 *
 * <p>What it adds to the shared {@link RetryPolicy} is discovery's own patience: a lookup gives up
 * after {@code patience} even when the install's deadline is further away.
 *
 * @param scheduler time and delays
 * @param backoff the delays between tries
 * @param patience how long one lookup may keep retrying
 * @param deadlineNanos the {@link Scheduler#nanoTime()} after which no retry starts, or
 *     {@link Long#MAX_VALUE} for none beyond {@code patience}
 */
public record DiscoveryRetries(Scheduler scheduler, Backoff backoff, Duration patience, long deadlineNanos) {

    /** How long a lookup retries when nobody says otherwise: long enough for a throttled or restarting server. */
    public static final Duration DEFAULT_PATIENCE = Duration.ofSeconds(15);

    public DiscoveryRetries {
        Objects.requireNonNull(scheduler, "scheduler");
        Objects.requireNonNull(backoff, "backoff");
        Objects.requireNonNull(patience, "patience");
    }

    /** Real time, the executor's default backoff (250ms doubling to 10s, 20% jitter), {@link #DEFAULT_PATIENCE}. */
    public static DiscoveryRetries system() {
        return new DiscoveryRetries(Scheduler.system(), new Backoff(Duration.ofMillis(250), Duration.ofSeconds(10), 0.2,
                () -> ThreadLocalRandom.current().nextDouble()), DEFAULT_PATIENCE, Long.MAX_VALUE);
    }

    /** These retries with another patience. */
    public DiscoveryRetries withPatience(Duration newPatience) {
        return new DiscoveryRetries(scheduler, backoff, newPatience, deadlineNanos);
    }

    /**
     * Sends {@code request} until it succeeds or fails permanently (then with the error as it
     * came), or until no time is left for the next try (then with a
     * {@link dev.bundlectl.cluster.retry.RetriesExhaustedException} carrying the last answer and the number of tries). The
     * retrying is the shared {@link RetryPolicy}'s.
     */
    public <T> Future<T> run(Context context, Supplier<Future<T>> request) {
        long now = scheduler.nanoTime();
        long patienceNanos = patience.toNanos();
        long giveUpAt = Math.min(deadlineNanos, patienceNanos > Long.MAX_VALUE - now ? Long.MAX_VALUE : now + patienceNanos);
        RetryPolicy policy = new RetryPolicy(backoff, scheduler, RetryPolicy.DEFAULT_BUDGET);
        return policy.call(context, request, () -> Duration.ofNanos(Math.max(0, giveUpAt - scheduler.nanoTime())),
                RetryObserver.NONE);
    }
}
