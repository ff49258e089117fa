package dev.bundlectl.executor.apply;

import dev.bundlectl.executor.kube.ApiException;
import dev.bundlectl.plan.errors.ApiErrorClassifier;
import dev.bundlectl.plan.errors.ApiFailure;
import io.vertx.core.Future;
import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Supplier;

/**
 * Sends one step's requests again after transient failures (429, 5xx, timeouts, resets), with
 * exponential backoff and jitter, honouring {@code Retry-After}, until the execution's deadline.
 * Permanent failures pass through at once. Waiting uses the scheduler, never a blocked thread.
 */
final class Retrier {

    private final ExecutionEnvironment env;
    private final StepReporter reporter;
    private final Backoff backoff;
    private boolean writeMayHaveLanded;

    Retrier(ExecutionEnvironment env, StepReporter reporter) {
        this.env = env;
        this.reporter = reporter;
        this.backoff = new Backoff(env.options().backoffBase(), env.options().backoffMax(), env.options().jitter(),
                () -> ThreadLocalRandom.current().nextDouble());
    }

    /** A read, retried while it fails transiently. */
    <T> Future<T> read(String what, Supplier<Future<T>> request) {
        return attempt(what, false, request, 1);
    }

    /** A write, retried while it fails transiently; remembers whether a failed try may have landed. */
    <T> Future<T> write(String what, Supplier<Future<T>> request) {
        return attempt(what, true, request, 1);
    }

    /**
     * Whether a write of this step failed in a way that the server may still have carried out
     * (a timeout, a reset connection, a 5xx), so that a later AlreadyExists may be our own object.
     */
    boolean writeMayHaveLanded() {
        return writeMayHaveLanded;
    }

    private <T> Future<T> attempt(String what, boolean write, Supplier<Future<T>> request, int attempt) {
        Future<T> sent;
        try {
            sent = request.get();
        } catch (RuntimeException e) {
            sent = Future.failedFuture(e);
        }
        return sent.recover(error -> {
            if (!(error instanceof ApiException api) || !ApiErrorClassifier.classify(api.failure()).transientError()) {
                return Future.failedFuture(error);
            }
            ApiFailure failure = api.failure();
            if (write && mayHaveLanded(failure)) {
                writeMayHaveLanded = true;
            }
            Duration delay = backoff.delay(attempt, retryAfterSeconds(failure));
            if (env.remaining().compareTo(delay) <= 0) {
                return Future.failedFuture(new RetriesExhaustedException(failure, attempt));
            }
            reporter.retrying(what + ": " + failure.describe() + "; retrying in " + Durations.format(delay),
                    attempt + 1);
            return env.options().scheduler().sleep(env.context(), delay)
                    .compose(slept -> attempt(what, write, request, attempt + 1));
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

    private static long retryAfterSeconds(ApiFailure failure) {
        return failure instanceof ApiFailure.HttpError http ? http.retryAfterSeconds() : -1;
    }
}
