package dev.bundlectl.cluster.connect;

/** The cluster connection could not be set up; the message is a one-line diagnostic for the user. */
public final class ConnectionException extends Exception {

    private static final long serialVersionUID = 1L;

    /** A diagnostic without a cause worth showing. */
    public ConnectionException(String message) {
        super(message);
    }

    /** A diagnostic with the underlying error kept for debugging. */
    public ConnectionException(String message, Throwable cause) {
        super(message, cause);
    }
}
