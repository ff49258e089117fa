package dev.bundlectl.executor.waiting;

import io.vertx.core.Future;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Waits for an asynchronous answer on a thread that may block: the command line's main thread, a
 * controller worker. Never on a Vert.x event loop, which would then stop serving the very requests
 * being waited for. The one place that turns a future into a value for the CLI and the controller.
 */
public final class Blocking {

    private Blocking() {
    }

    /**
     * Waits for {@code future}, at most {@code timeout} (null: as long as it takes).
     *
     * @return how the wait ended
     */
    public static <T> Waited<T> await(CompletionStage<T> future, Duration timeout) {
        CompletableFuture<T> completable = future.toCompletableFuture();
        try {
            return new Waited.Done<>(timeout == null ? completable.get()
                    : completable.get(timeout.toMillis(), TimeUnit.MILLISECONDS));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Waited.Interrupted<>();
        } catch (TimeoutException e) {
            return new Waited.TimedOut<>(timeout);
        } catch (ExecutionException e) {
            return new Waited.Failed<>(e.getCause());
        }
    }

    /**
     * The value of {@code future}, however long it takes. A failure is thrown as it is when it is
     * unchecked (so that callers catch their own exception types), else as an
     * {@link IllegalStateException} carrying its message; an interrupt as an
     * {@link IllegalStateException}, the interrupt flag set again.
     */
    public static <T> T result(Future<T> future) {
        return result(future.toCompletionStage());
    }

    /** {@link #result(Future)} for a completion stage. */
    public static <T> T result(CompletionStage<T> future) {
        Waited<T> waited = await(future, null);
        if (waited instanceof Waited.Done<T> done) {
            return done.value();
        }
        if (waited instanceof Waited.Failed<T> failed) {
            if (failed.cause() instanceof RuntimeException runtime) {
                throw runtime;
            }
            throw new IllegalStateException(failed.cause().getMessage(), failed.cause());
        }
        throw new IllegalStateException("interrupted");
    }
}
