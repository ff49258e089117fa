package dev.bundlectl.controller.reconcile;

import java.time.Duration;
import java.util.Objects;

/** What the work loop does with a key after one reconcile. */
public sealed interface ReconcileResult permits ReconcileResult.Done, ReconcileResult.RetryLater,
        ReconcileResult.RequeueAfter {

    /** Nothing more until the object changes or the periodic resync comes. */
    record Done() implements ReconcileResult {
    }

    /**
     * Try again later, because something outside the spec failed (an unreachable registry, a
     * conflicting write).
     *
     * @param reason one line, for the log
     */
    record RetryLater(String reason) implements ReconcileResult {
    }

    /**
     * Come back after {@code delay}: the reconcile went well and has a next step that is not due yet
     * (a hop of a walk along the channel that does not run yet). Not a failure: the work queue's
     * back-off of the key starts again.
     *
     * @param reason one line, for the log
     * @param delay how long until the next reconcile of the key; zero for at once
     */
    record RequeueAfter(String reason, Duration delay) implements ReconcileResult {

        /** Checks the delay. */
        public RequeueAfter {
            Objects.requireNonNull(delay, "delay");
            if (delay.isNegative()) {
                throw new IllegalArgumentException("a requeue delay is not negative: " + delay);
            }
        }
    }

    /** The shared {@link Done}. */
    static ReconcileResult done() {
        return new Done();
    }

    /** A {@link RetryLater}; the work queue chooses the delay (exponential backoff per key). */
    static ReconcileResult retry(String reason) {
        return new RetryLater(reason);
    }

    /** A {@link RequeueAfter}. */
    static ReconcileResult requeueAfter(String reason, Duration delay) {
        return new RequeueAfter(reason, delay);
    }
}
