package dev.bundlectl.controller.reconcile;

/**
 * A reconcile step failed. {@link #retryable()} tells a failure worth trying again later (an
 * unreachable registry, a 503) from one that only a spec change can fix (an invalid bundle).
 */
public final class ReconcileException extends RuntimeException {

    private static final long serialVersionUID = 1L;
    private final boolean retryable;

    /**
     * @param message one line for the object's status and events
     * @param retryable whether trying again later may succeed
     */
    public ReconcileException(String message, boolean retryable) {
        super(message);
        this.retryable = retryable;
    }

    /** Whether trying again later may succeed without a spec change. */
    public boolean retryable() {
        return retryable;
    }
}
