package dev.bundlectl.controller.pipeline;

import dev.bundlectl.controller.reconcile.ReconcileException;
import dev.bundlectl.executor.waiting.Blocking;
import dev.bundlectl.executor.waiting.Waited;
import dev.bundlectl.source.errors.SourceException;
import io.vertx.core.Future;
import java.time.Duration;

/**
 * How the controller's worker threads wait for the asynchronous pipeline: up to ten minutes, and
 * each failure turned into a {@link ReconcileException} that says whether trying again may help.
 */
final class PipelineWaits {

    /** The longest one step of the pipeline (a pull, a plan, an install) may take. */
    static final Duration PIPELINE_TIMEOUT = Duration.ofMinutes(10);

    private PipelineWaits() {
    }

    /** The value of {@code future}, waited for on this (worker) thread; {@code what} names it in failures. */
    static <T> T await(Future<T> future, String what) {
        Waited<T> waited = Blocking.await(future.toCompletionStage(), PIPELINE_TIMEOUT);
        if (waited instanceof Waited.Done<T> done) {
            return done.value();
        }
        if (waited instanceof Waited.Interrupted) {
            throw new ReconcileException(what + ": interrupted", true);
        }
        if (waited instanceof Waited.TimedOut) {
            throw new ReconcileException(what + ": no answer within " + PIPELINE_TIMEOUT.toMinutes() + " minutes", true);
        }
        Throwable cause = ((Waited.Failed<T>) waited).cause();
        if (cause instanceof ReconcileException reconcile) {
            throw reconcile;
        }
        if (cause instanceof SourceException source) {
            // Only an unreachable registry may come right by itself; a bad reference or image needs a spec change.
            throw new ReconcileException(what + ": " + source.getMessage(),
                    source instanceof dev.bundlectl.source.errors.RegistryUnavailableException);
        }
        throw new ReconcileException(what + ": " + cause.getMessage(), true);
    }
}
