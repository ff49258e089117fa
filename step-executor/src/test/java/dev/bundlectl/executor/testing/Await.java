package dev.bundlectl.executor.testing;

import io.vertx.core.Future;
import java.util.concurrent.TimeUnit;

/** Waits for a Vert.x future from a test thread (never from an event loop). */
public final class Await {

    private Await() {
    }

    public static <T> T result(Future<T> future) {
        try {
            return future.toCompletionStage().toCompletableFuture().get(60, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new AssertionError("future did not complete: " + e, e);
        }
    }

    public static Throwable failure(Future<?> future) {
        try {
            future.toCompletionStage().toCompletableFuture().get(60, TimeUnit.SECONDS);
        } catch (java.util.concurrent.ExecutionException e) {
            return e.getCause();
        } catch (Exception e) {
            throw new AssertionError("future did not complete: " + e, e);
        }
        throw new AssertionError("future succeeded but a failure was expected");
    }
}
