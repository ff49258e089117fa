package dev.bundlectl.executor.discovery;

import dev.bundlectl.executor.ExecutionOptions;
import dev.bundlectl.executor.apply.Backoff;
import dev.bundlectl.executor.kube.ApiException;
import dev.bundlectl.executor.time.Scheduler;
import dev.bundlectl.plan.errors.ApiErrorClassifier;
import dev.bundlectl.plan.errors.ApiFailure;
import io.vertx.core.Context;
import io.vertx.core.Future;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Supplier;

/**
 * How a discovery request is retried (semantics.md §3): after a transient failure (429, 5xx,
 * timeouts, resets) it is sent again with exponential backoff and jitter, never sooner than the
 * server's {@code Retry-After}, for at most {@code patience} and never past {@code deadlineNanos}.
 * A permanent failure, or one that the time left cannot cover, is passed on as it came.
 *
 * <p>Deliberately the same shape as the executor's step retries (a {@link Backoff}, the
 * {@link Scheduler}, a deadline), so that it folds into one shared retry policy.
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

    /** An execution's retries: its scheduler and backoff, until its deadline. */
    public static DiscoveryRetries forExecution(ExecutionOptions options, long deadlineNanos) {
        return new DiscoveryRetries(options.scheduler(), new Backoff(options.backoffBase(), options.backoffMax(),
                options.jitter(), () -> ThreadLocalRandom.current().nextDouble()), options.timeout(), deadlineNanos);
    }

    /** These retries with another patience. */
    public DiscoveryRetries withPatience(Duration newPatience) {
        return new DiscoveryRetries(scheduler, backoff, newPatience, deadlineNanos);
    }

    /**
     * Sends {@code request} until it succeeds, fails permanently, or no time is left for the next
     * try; then fails with the last error. Waits on {@code context} through the scheduler.
     */
    public <T> Future<T> run(Context context, Supplier<Future<T>> request) {
        long now = scheduler.nanoTime();
        long patienceNanos = patience.toNanos();
        long giveUpAt = Math.min(deadlineNanos, patienceNanos > Long.MAX_VALUE - now ? Long.MAX_VALUE : now + patienceNanos);
        return attempt(context, request, 1, giveUpAt);
    }

    private <T> Future<T> attempt(Context context, Supplier<Future<T>> request, int attempt, long giveUpAt) {
        Future<T> sent;
        try {
            sent = request.get();
        } catch (RuntimeException e) {
            sent = Future.failedFuture(e);
        }
        return sent.recover(error -> {
            if (!(error instanceof ApiException api) || !ApiErrorClassifier.classify(api.failure()).transientError()) {
                return Future.failedFuture(error);
            }
            long retryAfter = api.failure() instanceof ApiFailure.HttpError http ? http.retryAfterSeconds() : -1;
            Duration delay = backoff.delay(attempt, retryAfter);
            if (giveUpAt - scheduler.nanoTime() <= delay.toNanos()) {
                return Future.failedFuture(error);
            }
            return scheduler.sleep(context, delay).compose(slept -> attempt(context, request, attempt + 1, giveUpAt));
        });
    }
}
