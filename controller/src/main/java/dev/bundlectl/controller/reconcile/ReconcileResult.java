package dev.bundlectl.controller.reconcile;

/** What the work loop does with a key after one reconcile. */
public sealed interface ReconcileResult permits ReconcileResult.Done, ReconcileResult.RetryLater {

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

    /** The shared {@link Done}. */
    static ReconcileResult done() {
        return new Done();
    }

    /** A {@link RetryLater}; the work queue chooses the delay (exponential backoff per key). */
    static ReconcileResult retry(String reason) {
        return new RetryLater(reason);
    }
}
