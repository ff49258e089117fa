package dev.bundlectl.controller.approve;

/** An approval that was not written; the message says why, in one line. */
public final class ApprovalRefusedException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** @param message one line */
    public ApprovalRefusedException(String message) {
        super(message);
    }
}
