package dev.bundlectl.executor.ownership;

import io.vertx.core.Future;
import java.util.function.Supplier;

/**
 * How a request that failed transiently (429, 5xx, a reset connection, a timeout) is tried again:
 * a step's own retry loop, with its deadline and its events, in an install.
 */
public interface RequestRetry {

    /** No retry: the request's first answer stands. */
    RequestRetry NONE = new RequestRetry() {
        @Override
        public <T> Future<T> retried(String what, Supplier<Future<T>> request) {
            return request.get();
        }
    };

    /**
     * {@code request}, tried again while it fails transiently.
     *
     * @param what the request, in a few words, for the retry's event
     */
    <T> Future<T> retried(String what, Supplier<Future<T>> request);
}
