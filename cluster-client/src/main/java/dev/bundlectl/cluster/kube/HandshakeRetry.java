package dev.bundlectl.cluster.kube;

/**
 * Whether a request whose connection failed in the TLS handshake is sent once more: the TLS
 * settings may have changed since (see {@code connect.SingleKeyShare}). Nothing was sent over a
 * connection whose handshake failed, so sending again is safe for every method, a POST included.
 */
@FunctionalInterface
public interface HandshakeRetry {

    /** Never sends again: the failure is reported as it is. */
    HandshakeRetry NEVER = failure -> false;

    /**
     * Called once for a request that failed before any answer came.
     *
     * @param failure what the HTTP client failed with
     * @return true to send the request once more, on a new connection
     */
    boolean retryAfter(Throwable failure);
}
