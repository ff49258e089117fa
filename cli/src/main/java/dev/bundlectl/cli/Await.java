package dev.bundlectl.cli;

import io.vertx.core.Future;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

/**
 * Waits on the CLI's main thread for a Vert.x future. Only ever called from the main thread,
 * which is not an event-loop thread, so blocking here is allowed.
 */
final class Await {

    private Await() {
    }

    static <T> T result(Future<T> future) {
        return result(future.toCompletionStage().toCompletableFuture());
    }

    static <T> T result(CompletableFuture<T> future) {
        try {
            return future.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException runtime) {
                throw runtime;
            }
            throw new IllegalStateException(cause.getMessage(), cause);
        }
    }
}
