package dev.bundlectl.controller.reconcile;

/**
 * A reconcile step failed. {@link #retryable()} tells a failure worth trying again later (an
 * unreachable registry, a 503) from one that only a spec change can fix (an invalid bundle).
 */
public final class ReconcileException extends RuntimeException {

    private static final long serialVersionUID = 1L;
    private final boolean retryable;
    private final String reason;

    /**
     * @param message one line for the object's status and events
     * @param retryable whether trying again later may succeed
     */
    public ReconcileException(String message, boolean retryable) {
        this(null, message, retryable);
    }

    /**
     * @param reason the condition and event reason that names this failure (e.g.
     *     {@code ServiceAccountRequired}), or null for the stage's own ({@code PlanningFailed}, ...)
     * @param message one line for the object's status and events
     * @param retryable whether trying again later may succeed
     */
    public ReconcileException(String reason, String message, boolean retryable) {
        super(message);
        this.reason = reason;
        this.retryable = retryable;
    }

    /** The reason that names this failure, or {@code stageReason} when it has none of its own. */
    public String reasonOr(String stageReason) {
        return reason != null ? reason : stageReason;
    }

    /** Whether trying again later may succeed without a spec change. */
    public boolean retryable() {
        return retryable;
    }
}
