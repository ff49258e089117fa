package dev.bundlectl.bench.install;

/** An install under measurement did not install everything; its timing is worthless. */
public final class InstallFailedException extends Exception {

    private static final long serialVersionUID = 1L;

    /** With a one-line reason. */
    public InstallFailedException(String message) {
        super(message);
    }

    /** With a one-line reason and its cause. */
    public InstallFailedException(String message, Throwable cause) {
        super(message, cause);
    }
}
