package dev.bundlectl.executor.lock;

import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import java.util.function.Supplier;

/**
 * Starts a lock's work on the lock's one context, whichever thread asks: its state is then only
 * ever touched there, one callback at a time, and needs no other guard.
 */
final class OnContext {

    private OnContext() {
    }

    /** {@code work}'s future, started on {@code context}. */
    static <T> Future<T> run(Context context, Supplier<Future<T>> work) {
        Promise<T> done = Promise.promise();
        context.runOnContext(start -> {
            Future<T> started;
            try {
                started = work.get();
            } catch (RuntimeException e) {
                started = Future.failedFuture(e);
            }
            started.onComplete(done);
        });
        return done.future();
    }
}
