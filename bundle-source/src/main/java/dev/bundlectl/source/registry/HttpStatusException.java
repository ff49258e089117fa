package dev.bundlectl.source.registry;

/**
 * A registry answered with a status the request did not expect. Only the headers that drive a
 * retry or an authentication are kept; the body is not read.
 */
final class HttpStatusException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final int status;
    private final String authenticate;
    private final String retryAfter;

    HttpStatusException(int status, String authenticate, String retryAfter) {
        super("HTTP " + status, null, false, false);
        this.status = status;
        this.authenticate = authenticate;
        this.retryAfter = retryAfter;
    }

    int status() {
        return status;
    }

    String authenticate() {
        return authenticate;
    }

    String retryAfter() {
        return retryAfter;
    }
}
