package dev.bundlectl.executor.lock;

import dev.bundlectl.cluster.retry.RetryPolicy;
import dev.bundlectl.cluster.time.Scheduler;
import java.time.Clock;
import java.time.Duration;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * How a {@link PackageLock} keeps time and retries (docs/semantics.md §3, "One operation at a
 * time").
 *
 * @param leaseDuration how long a lease lasts without renewal ({@code spec.leaseDurationSeconds}):
 *     how long a killed holder keeps others out; whole seconds
 * @param renewEvery how often a holder renews its lease; shorter than {@code leaseDuration}, so
 *     that a renewal that fails has time to be retried before the lease runs out
 * @param pollEvery how often {@link PackageLock#awaitFree} reads the Lease while it waits
 * @param clock the wall clock: the times written into the Lease, and the judge of whether
 *     another holder's lease has expired
 * @param scheduler monotonic time and timers: renewals, waits, this holder's own deadline
 * @param retries the retry policy for every request; a renewal retries only until the lease
 *     would run out
 */
public record LockSettings(Duration leaseDuration, Duration renewEvery, Duration pollEvery, Clock clock,
        Scheduler scheduler, RetryPolicy retries) {

    /** The lease's duration: a killed operation blocks others for at most this long. */
    public static final Duration DEFAULT_LEASE_DURATION = Duration.ofSeconds(30);

    /** A third of the lease, so that two renewals may fail before it runs out. */
    public static final Duration DEFAULT_RENEW_EVERY = Duration.ofSeconds(10);

    /** How often a waiting operation looks at the Lease. */
    public static final Duration DEFAULT_POLL_EVERY = Duration.ofSeconds(1);

    public LockSettings {
        Objects.requireNonNull(leaseDuration, "leaseDuration");
        Objects.requireNonNull(renewEvery, "renewEvery");
        Objects.requireNonNull(pollEvery, "pollEvery");
        Objects.requireNonNull(clock, "clock");
        Objects.requireNonNull(scheduler, "scheduler");
        Objects.requireNonNull(retries, "retries");
        if (leaseDuration.toSeconds() < 1 || leaseDuration.toNanosPart() != 0) {
            throw new IllegalArgumentException("a lease lasts whole seconds, at least 1, not " + leaseDuration);
        }
        if (renewEvery.isNegative() || renewEvery.isZero() || renewEvery.compareTo(leaseDuration) >= 0) {
            throw new IllegalArgumentException("renewals must come more often than the lease lasts ("
                    + leaseDuration + "), not every " + renewEvery);
        }
        if (pollEvery.isNegative() || pollEvery.isZero()) {
            throw new IllegalArgumentException("the poll interval must be positive, not " + pollEvery);
        }
    }

    /** A 30 s lease renewed every 10 s, polled every second, real time, the executor's retries. */
    public static LockSettings defaults() {
        return new LockSettings(DEFAULT_LEASE_DURATION, DEFAULT_RENEW_EVERY, DEFAULT_POLL_EVERY, Clock.systemUTC(),
                Scheduler.system(), RetryPolicy.defaults());
    }

    /** The same with another lease duration and renewal interval (tests use short ones). */
    public LockSettings withLease(Duration duration, Duration renewal) {
        return new LockSettings(duration, renewal, pollEvery, clock, scheduler, retries);
    }

    /** The same with another poll interval. */
    public LockSettings withPollEvery(Duration interval) {
        return new LockSettings(leaseDuration, renewEvery, interval, clock, scheduler, retries);
    }

    /** The same with another wall clock. */
    public LockSettings withClock(Clock other) {
        return new LockSettings(leaseDuration, renewEvery, pollEvery, other, scheduler, retries);
    }

    /** The same with another retry policy (its waits should use {@link #scheduler()}). */
    public LockSettings withRetries(RetryPolicy other) {
        return new LockSettings(leaseDuration, renewEvery, pollEvery, clock, scheduler, other);
    }

    /** The time left until {@code deadlineNanos} on {@link #scheduler()}; zero once it has passed. */
    Supplier<Duration> until(long deadlineNanos) {
        return () -> Duration.ofNanos(Math.max(0, deadlineNanos - scheduler.nanoTime()));
    }

    /** {@link #leaseDuration()} in seconds, as the Lease holds it. */
    public int leaseDurationSeconds() {
        return Math.toIntExact(leaseDuration.toSeconds());
    }
}
