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
    private final String location;

    HttpStatusException(int status, String authenticate, String retryAfter, String location) {
        super("HTTP " + status, null, false, false);
        this.status = status;
        this.authenticate = authenticate;
        this.retryAfter = retryAfter;
        this.location = location;
    }

    /** The Location of a redirect, or null. */
    String location() {
        return location;
    }

    boolean redirect() {
        return location != null && (status == 301 || status == 302 || status == 303 || status == 307 || status == 308);
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
