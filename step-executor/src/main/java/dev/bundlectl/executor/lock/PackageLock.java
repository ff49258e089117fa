package dev.bundlectl.executor.lock;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.cluster.kube.KubeApi;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import java.time.Duration;
import java.util.Objects;
import java.util.UUID;
import java.util.function.Supplier;

/**
 * The lock that lets one operation at a time (install, upgrade, uninstall) act on one package in
 * one namespace (docs/semantics.md §3, "One operation at a time"): a {@code coordination.k8s.io/v1}
 * Lease named {@code bundlectl-<package>} in the install namespace, held by one operation and
 * renewed while it runs.
 *
 * <p><b>Optimistic acquisition.</b> An operation {@link #read()}s the lock while it plans, and
 * {@link #acquire}s it from the free state that read gave: the write is made on that state's
 * {@code resourceVersion} (or as a create, when there was no Lease), so the API server accepts it
 * only if nobody wrote the Lease in between. An {@link Acquisition.Acquired} lock therefore means
 * that no other operation ran between the planning read and the first write;
 * {@link Acquisition.Changed} hands back the Lease as it is now, to plan again from or to report.
 *
 * <p><b>Expiry.</b> A holder that stops renewing (killed, stalled, cut off) keeps others out until
 * its {@code renewTime} plus {@code leaseDurationSeconds} has passed by the reader's clock; the
 * lock then reads {@link LockState.Free} with the expired holder named, and can be taken over.
 *
 * <p><b>Threading.</b> Everything runs on the Vert.x context of the thread that made this lock
 * (a fresh one from a thread that has none), as futures and timers: no method blocks. Requests
 * go through the plain {@link KubeApi} given here, retried under {@link LockSettings#retries()}:
 * pass an API that does not retry on its own, or renewals would outlast their lease. A failed
 * request fails the future with what it failed with: a 403 as the {@code ApiException}, to be
 * reported as the missing permission on {@code leases}.
 */
public final class PackageLock {

    private final LockTarget target;
    private final LockSettings settings;
    private final Context context;
    private final LeaseRequests requests;

    /** The lock of {@code target} with the {@linkplain LockSettings#defaults() default settings}. */
    public PackageLock(KubeApi api, Vertx vertx, LockTarget target) {
        this(api, vertx, target, LockSettings.defaults());
    }

    /**
     * @param api the API server, without retries of its own
     * @param vertx whose context the lock's requests and timers run on
     * @param target the package and namespace
     * @param settings lease duration, renewals, clock and retries
     */
    public PackageLock(KubeApi api, Vertx vertx, LockTarget target, LockSettings settings) {
        this.target = Objects.requireNonNull(target, "target");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.context = vertx.getOrCreateContext();
        this.requests = new LeaseRequests(Objects.requireNonNull(api, "api"), context, target, settings);
    }

    /** The package and namespace this lock guards. */
    public LockTarget target() {
        return target;
    }

    /** The lock's state now. */
    public Future<LockState> read() {
        return OnContext.run(context, () -> requests.state(null));
    }

    /**
     * Takes the lock for {@code operation} as {@code holder}, but only if nobody wrote its Lease
     * since {@code observed} was read. Nothing is written when the answer is
     * {@link Acquisition.Changed}. An acquired lock renews itself until it is released or lost.
     *
     * @param observed the free state the caller read (while it planned)
     * @param holder who takes it, such as {@code build-7/pid 4242} or {@code controller bundlectl-5d9f}
     * @param operation what for, such as {@code install cachebox-operator.v0.3.1}
     */
    public Future<Acquisition> acquire(LockState.Free observed, String holder, String operation) {
        Objects.requireNonNull(observed, "observed");
        Objects.requireNonNull(holder, "holder");
        Objects.requireNonNull(operation, "operation");
        if (!observed.target().equals(target)) {
            throw new IllegalArgumentException("a state of the lock of " + observed.target().describe()
                    + " cannot take the lock of " + target.describe());
        }
        return OnContext.run(context, () -> {
            long built = settings.scheduler().nanoTime();
            Claim claim = new Claim(holder, operation, UUID.randomUUID().toString(),
                    MicroTime.truncate(settings.clock().instant()));
            ObjectNode lease = LeaseBodies.held(target, claim, claim.since(), settings.leaseDurationSeconds(),
                    observed.resourceVersion().orElse(null));
            // A write that gets through only after its lease would have run out holds nothing.
            Supplier<Duration> remaining = settings.until(built + settings.leaseDuration().toNanos());
            Future<WriteOutcome> writing = observed.leaseExists() ? requests.update(lease, remaining)
                    : requests.create(lease, remaining);
            return writing.map(outcome -> {
                if (outcome instanceof WriteOutcome.Written written) {
                    HeldLock held = new HeldLock(requests, context, settings, target, claim,
                            written.resourceVersion(), built);
                    held.start();
                    return new Acquisition.Acquired(held);
                }
                return new Acquisition.Changed(((WriteOutcome.Refused) outcome).now());
            });
        });
    }

    /**
     * Waits, polling every {@link LockSettings#pollEvery()}, until the lock is free (released, or
     * its holder's lease expired), at most {@code patience}; then answers the state it read last:
     * {@link LockState.Free}, or the {@link LockState.Held} that outlasted the patience. Acquire
     * from a free answer as from any read: another waiter may be quicker.
     */
    public Future<LockState> awaitFree(Duration patience) {
        if (patience.isNegative()) {
            throw new IllegalArgumentException("patience cannot be negative: " + patience);
        }
        long deadline = settings.scheduler().nanoTime() + patience.toNanos();
        Promise<LockState> done = Promise.promise();
        context.runOnContext(start -> poll(deadline, done));
        return done.future();
    }

    // Each poll completes the one promise itself rather than composing on the next, so that an
    // hour's wait does not build an hour of nested futures.
    private void poll(long deadline, Promise<LockState> done) {
        requests.state(null).onComplete(read -> {
            if (read.failed()) {
                done.fail(read.cause());
                return;
            }
            long left = deadline - settings.scheduler().nanoTime();
            if (read.result() instanceof LockState.Free || left <= 0) {
                done.complete(read.result());
                return;
            }
            Duration wait = Duration.ofNanos(Math.min(left, settings.pollEvery().toNanos()));
            settings.scheduler().sleep(context, wait).onComplete(slept -> poll(deadline, done));
        });
    }
}
