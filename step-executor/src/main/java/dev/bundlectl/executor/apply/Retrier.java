package dev.bundlectl.executor.apply;

import dev.bundlectl.cluster.retry.RetryPolicy;
import dev.bundlectl.plan.errors.ApiFailure;
import io.vertx.core.Future;
import java.util.function.Supplier;

/**
 * One step's use of the shared {@link RetryPolicy}: its requests are retried until the
 * execution's deadline, each retry is reported as a step event, and the step remembers whether a
 * failed write may still have been carried out by the server.
 */
final class Retrier {

    private final RunEnvironment env;
    private final StepReporter reporter;
    private final RetryPolicy policy;
    private boolean writeMayHaveLanded;

    Retrier(RunEnvironment env, StepReporter reporter) {
        this.env = env;
        this.reporter = reporter;
        this.policy = env.options().retryPolicy();
    }

    /** A read, retried while it fails transiently. */
    <T> Future<T> read(String what, Supplier<Future<T>> request) {
        return attempt(what, false, request);
    }

    /** A write, retried while it fails transiently; remembers whether a failed try may have landed. */
    <T> Future<T> write(String what, Supplier<Future<T>> request) {
        return attempt(what, true, request);
    }

    /**
     * Whether a write of this step failed in a way that the server may still have carried out
     * (a timeout, a reset connection, a 5xx), so that a later AlreadyExists may be our own object.
     */
    boolean writeMayHaveLanded() {
        return writeMayHaveLanded;
    }

    private <T> Future<T> attempt(String what, boolean write, Supplier<Future<T>> request) {
        return policy.call(env.context(), request, env::remaining, (failure, nextAttempt, delay) -> {
            if (write && mayHaveLanded(failure)) {
                writeMayHaveLanded = true;
            }
            reporter.retrying(what + ": " + failure.describe() + "; retrying in " + Durations.format(delay),
                    nextAttempt);
        });
    }

    private static boolean mayHaveLanded(ApiFailure failure) {
        if (failure instanceof ApiFailure.HttpError http) {
            // 429 is refused before the request is processed; a 5xx may come after the write.
            return http.code() != 429;
        }
        ApiFailure.TransportError.Kind kind = ((ApiFailure.TransportError) failure).kind();
        // A refused connection or a failed handshake never carried the request.
        return kind != ApiFailure.TransportError.Kind.CONNECTION_REFUSED && kind != ApiFailure.TransportError.Kind.TLS;
    }
}
