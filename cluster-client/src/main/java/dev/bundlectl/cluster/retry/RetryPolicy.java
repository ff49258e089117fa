package dev.bundlectl.cluster.retry;

import dev.bundlectl.cluster.kube.ApiException;
import dev.bundlectl.cluster.time.Scheduler;
import dev.bundlectl.plan.errors.ApiErrorClassifier;
import dev.bundlectl.plan.errors.ApiFailure;
import io.vertx.core.Context;
import io.vertx.core.Future;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Supplier;

/**
 * bundlectl's one retry policy for requests to the API server (docs/semantics.md §3): a request that
 * fails transiently (429, 5xx, timeouts, resets, refused connections, as
 * {@link ApiErrorClassifier} classifies them) is sent again after an exponential backoff with
 * jitter that is never shorter than the server's {@code Retry-After}, until a deadline leaves no
 * room for the next wait. Any other failure passes through at once; so does a failure that is not
 * an {@link ApiException} (a bad path, an unreadable answer).
 *
 * <p>Waits are timers on the {@link Scheduler}; no thread is blocked, so requests may be retried
 * from an event loop. Immutable and safe to share.
 */
public final class RetryPolicy {

    /** How long one operation keeps retrying when no deadline is given: OLM's default. */
    public static final Duration DEFAULT_BUDGET = Duration.ofMinutes(1);

    /**
     * How many times a refused connection is tried (about 2 s of waiting with the default
     * backoff). Nothing listens at that address: an API server that is restarting listens again
     * within seconds, and a wrong address never will, so a person should not wait a minute to
     * learn that, as kubectl does not.
     */
    public static final int REFUSED_CONNECTION_ATTEMPTS = 4;

    private final Backoff backoff;
    private final Scheduler scheduler;
    private final Duration budget;

    /**
     * @param backoff the delays between attempts
     * @param scheduler where time and waits come from
     * @param budget how long {@link #call(Context, Supplier)} keeps retrying one operation
     */
    public RetryPolicy(Backoff backoff, Scheduler scheduler, Duration budget) {
        this.backoff = Objects.requireNonNull(backoff, "backoff");
        this.scheduler = Objects.requireNonNull(scheduler, "scheduler");
        this.budget = Objects.requireNonNull(budget, "budget");
        if (budget.isNegative() || budget.isZero()) {
            throw new IllegalArgumentException("budget must be positive, not " + budget);
        }
    }

    /**
     * Backoff from {@code base} doubling to {@code max}, {@code jitter} of it random, on this
     * scheduler, retrying each operation for at most {@code budget}.
     */
    public static RetryPolicy of(Duration base, Duration max, double jitter, Scheduler scheduler, Duration budget) {
        return new RetryPolicy(new Backoff(base, max, jitter, () -> ThreadLocalRandom.current().nextDouble()),
                scheduler, budget);
    }

    /** The executor's defaults: 250ms doubling to 10s, 20% jitter, real time, one minute per operation. */
    public static RetryPolicy defaults() {
        return of(Duration.ofMillis(250), Duration.ofSeconds(10), 0.2, Scheduler.system(), DEFAULT_BUDGET);
    }

    /** The same policy on another scheduler (tests pass a virtual one). */
    public RetryPolicy withScheduler(Scheduler other) {
        return new RetryPolicy(backoff, other, budget);
    }

    /**
     * Sends {@code request} until it succeeds, fails permanently, or this policy's budget,
     * counted from now, leaves no room for another wait.
     *
     * @param context where the waits complete
     * @param request sends one attempt; called again for each retry
     */
    public <T> Future<T> call(Context context, Supplier<Future<T>> request) {
        long deadline = scheduler.nanoTime() + budget.toNanos();
        return call(context, request, () -> Duration.ofNanos(Math.max(0, deadline - scheduler.nanoTime())),
                RetryObserver.NONE);
    }

    /**
     * Sends {@code request} until it succeeds, fails permanently, or the time {@code remaining}
     * is no longer than the next wait; then it fails with {@link RetriesExhaustedException}.
     *
     * @param context where the waits complete
     * @param request sends one attempt; called again for each retry
     * @param remaining the time left before the caller's deadline
     * @param observer told before each wait
     */
    public <T> Future<T> call(Context context, Supplier<Future<T>> request, Supplier<Duration> remaining,
            RetryObserver observer) {
        Objects.requireNonNull(context, "context");
        Objects.requireNonNull(observer, "observer");
        return attempt(context, request, remaining, observer, 1);
    }

    private <T> Future<T> attempt(Context context, Supplier<Future<T>> request, Supplier<Duration> remaining,
            RetryObserver observer, int attempt) {
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
            ApiFailure failure = api.failure();
            Duration delay = backoff.delay(attempt, retryAfterSeconds(failure));
            if (remaining.get().compareTo(delay) <= 0
                    || (isRefused(failure) && attempt >= REFUSED_CONNECTION_ATTEMPTS)) {
                return Future.failedFuture(new RetriesExhaustedException(failure, attempt));
            }
            observer.retrying(failure, attempt + 1, delay);
            return scheduler.sleep(context, delay)
                    .compose(slept -> attempt(context, request, remaining, observer, attempt + 1));
        });
    }

    private static boolean isRefused(ApiFailure failure) {
        return failure instanceof ApiFailure.TransportError transport
                && transport.kind() == ApiFailure.TransportError.Kind.CONNECTION_REFUSED;
    }

    private static long retryAfterSeconds(ApiFailure failure) {
        return failure instanceof ApiFailure.HttpError http ? http.retryAfterSeconds() : -1;
    }
}
