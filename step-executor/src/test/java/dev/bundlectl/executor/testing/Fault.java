package dev.bundlectl.executor.testing;

/** What {@link FaultProxy} does to one request instead of (or after) forwarding it. */
public enum Fault {
    /** Forwarded, and the server's answer passed back as it is. */
    NONE("none"),
    /** Answered 429 {@code TooManyRequests} with {@code Retry-After: 1}; never forwarded. */
    TOO_MANY_REQUESTS("429 Retry-After: 1"),
    /** Answered 503 {@code ServiceUnavailable} (a Status object); never forwarded. */
    SERVICE_UNAVAILABLE("503"),
    /** Answered 504 {@code Timeout} (a Status object); never forwarded. */
    GATEWAY_TIMEOUT("504"),
    /** The client's connection is reset once the request has arrived; the server never sees it. */
    RESET_BEFORE_FORWARDING("reset before forwarding"),
    /**
     * Forwarded and completed by the server, then the client's connection is reset without an
     * answer: the server acted, the client cannot know it.
     */
    RESET_AFTER_FORWARDING("reset after forwarding");

    private final String label;

    Fault(String label) {
        this.label = label;
    }

    /** Whether the request reaches the server. */
    public boolean forwarded() {
        return this == NONE || this == RESET_AFTER_FORWARDING;
    }

    /** A short human label, for reports. */
    public String label() {
        return label;
    }
}
