package dev.bundlectl.executor.lock;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.TimeoutException;

/**
 * A lock this operation holds ({@link Acquisition.Acquired}). It renews its lease every
 * {@link LockSettings#renewEvery()}, each renewal a write on the {@code resourceVersion} of its
 * last, until it is released or lost (docs/semantics.md §3, "One operation at a time").
 *
 * <p><b>Lost.</b> A renewal that finds the Lease written by someone else means another operation
 * took it over (once the lease had expired by its clock) or someone released or deleted it:
 * {@link LockLoss.Overwritten}. A renewal that fails transiently is retried until the lease would
 * run out, counted from when its last stored write was made; a lease that runs out with no renewal
 * through, or a renewal refused otherwise (a 403, say), is {@link LockLoss.Unrenewed}. Either way
 * {@link #lost()} completes, and the operation should stop writing: another may be running.
 *
 * <p><b>Release.</b> {@link #release()} clears the holder and keeps the Lease, so that its
 * {@code resourceVersion} moves with every operation; {@link #releaseByDeleting()} deletes it (an
 * uninstall that leaves nothing behind). Both write only on this holder's last version, so neither
 * can clear or delete a Lease that someone else holds now. Renewals stop with either.
 *
 * <p>All of its state lives on the lock's context; its methods may be called from any thread.
 */
public final class HeldLock {

    private enum Phase { HOLDING, ENDING }

    private final LeaseRequests requests;
    private final Context context;
    private final LockSettings settings;
    private final LockTarget target;
    private final Claim claim;
    private final Promise<LockLoss> lost = Promise.promise();

    // Touched only on the context.
    private String resourceVersion;
    /** The scheduler's time when the last stored write was made: the lease runs out a lease's length after. */
    private long writtenNanos;
    /** The {@code renewTime} of the last stored write. */
    private Instant renewedAt;
    private Phase phase = Phase.HOLDING;
    private Future<Void> renewing = Future.succeededFuture();
    private Future<Boolean> ending;

    HeldLock(LeaseRequests requests, Context context, LockSettings settings, LockTarget target, Claim claim,
            String resourceVersion, long writtenNanos) {
        this.requests = requests;
        this.context = context;
        this.settings = settings;
        this.target = target;
        this.claim = claim;
        this.resourceVersion = resourceVersion;
        this.writtenNanos = writtenNanos;
        this.renewedAt = claim.since();
    }

    /** Starts the renewals; called on the context. */
    void start() {
        scheduleRenewal();
    }

    /** The package and namespace this lock guards. */
    public LockTarget target() {
        return target;
    }

    /** Who holds it: the identity written as {@code spec.holderIdentity}. */
    public String holder() {
        return claim.holder();
    }

    /** What for: the operation written into the Lease. */
    public String operation() {
        return claim.operation();
    }

    /** When it was taken ({@code spec.acquireTime}). */
    public Instant since() {
        return claim.since();
    }

    /** Completes when the lock is lost, saying how; never, once it was released first. */
    public Future<LockLoss> lost() {
        return lost.future();
    }

    /** Whether the lock is lost. */
    public boolean isLost() {
        return lost.future().isComplete();
    }

    /**
     * Stops renewing and clears the holder, keeping the Lease. Answers true when it cleared it,
     * false when the Lease had been written by someone else since this holder's last write (the
     * lock was lost) and was left as it is. A second release answers as the first.
     */
    public Future<Boolean> release() {
        return end(false);
    }

    /**
     * Stops renewing and deletes the Lease, only while it is still at this holder's last version.
     * Answers true when it is gone, false when someone else had written it since and it stays. A
     * second release answers as the first.
     */
    public Future<Boolean> releaseByDeleting() {
        return end(true);
    }

    @Override
    public String toString() {
        return "HeldLock[" + target.describe() + ", " + claim.operation() + " by " + claim.holder()
                + (isLost() ? ", lost" : "") + "]";
    }

    private Future<Boolean> end(boolean delete) {
        return OnContext.run(context, () -> {
            if (phase == Phase.HOLDING) {
                phase = Phase.ENDING;
                // After the renewal in flight, if any: the release writes on the version it leaves.
                ending = renewing.transform(renewed -> isOverwritten() ? Future.succeededFuture(false)
                        : delete ? requests.delete(resourceVersion, null) : clear());
            }
            return ending;
        });
    }

    private Future<Boolean> clear() {
        ObjectNode released = LeaseBodies.released(target, claim, MicroTime.truncate(settings.clock().instant()),
                settings.leaseDurationSeconds(), resourceVersion);
        return requests.update(released, null).map(outcome -> outcome instanceof WriteOutcome.Written);
    }

    private boolean isOverwritten() {
        return isLost() && lost.future().result() instanceof LockLoss.Overwritten;
    }

    // The next renewal comes renewEvery after the last stored write, not after its answer, so that
    // a write that took long to get through is followed up in time.
    private void scheduleRenewal() {
        long due = writtenNanos + settings.renewEvery().toNanos() - settings.scheduler().nanoTime();
        settings.scheduler().sleep(context, Duration.ofNanos(Math.max(0, due))).onComplete(slept -> {
            if (phase != Phase.HOLDING || isLost()) {
                return;
            }
            renewing = renew().onComplete(renewed -> {
                if (phase == Phase.HOLDING && !isLost()) {
                    scheduleRenewal();
                }
            });
        });
    }

    private Future<Void> renew() {
        long built = settings.scheduler().nanoTime();
        Instant now = MicroTime.truncate(settings.clock().instant());
        long deadline = writtenNanos + settings.leaseDuration().toNanos();
        Instant expires = renewedAt.plus(settings.leaseDuration());
        loseAtDeadline(deadline, expires);
        ObjectNode lease = LeaseBodies.held(target, claim, now, settings.leaseDurationSeconds(), resourceVersion);
        return requests.update(lease, settings.until(deadline)).transform(answer -> {
            if (answer.failed()) {
                lose(new LockLoss.Unrenewed(target, expires, answer.cause()));
            } else if (answer.result() instanceof WriteOutcome.Written written) {
                resourceVersion = written.resourceVersion();
                writtenNanos = built;
                renewedAt = now;
            } else {
                lose(new LockLoss.Overwritten(((WriteOutcome.Refused) answer.result()).now()));
            }
            return Future.succeededFuture();
        });
    }

    // A renewal whose one attempt hangs would otherwise be waited for past the lease's end, while
    // another operation may already have taken the lock.
    private void loseAtDeadline(long deadline, Instant expires) {
        long renewedBefore = writtenNanos;
        settings.scheduler().sleep(context, settings.until(deadline).get()).onComplete(slept -> {
            if (writtenNanos == renewedBefore && (ending == null || !ending.isComplete())) {
                lose(new LockLoss.Unrenewed(target, expires,
                        new TimeoutException("no renewal got through before the lease ran out")));
            }
        });
    }

    private void lose(LockLoss loss) {
        lost.tryComplete(loss);
    }
}
