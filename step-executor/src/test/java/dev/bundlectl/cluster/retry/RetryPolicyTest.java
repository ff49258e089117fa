package dev.bundlectl.cluster.retry;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.cluster.kube.ApiException;
import dev.bundlectl.executor.testing.Await;
import dev.bundlectl.executor.testing.VirtualScheduler;
import dev.bundlectl.plan.errors.ApiFailure;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class RetryPolicyTest {

    private final Vertx vertx = Vertx.vertx();
    private final VirtualScheduler scheduler = new VirtualScheduler();
    private final RetryPolicy policy = RetryPolicy.of(Duration.ofMillis(250), Duration.ofSeconds(10), 0, scheduler,
            Duration.ofSeconds(30));

    @AfterEach
    void close() {
        vertx.close();
    }

    private static ApiException http(int code, long retryAfterSeconds) {
        return new ApiException(new ApiFailure.HttpError(code, null, "answer " + code, null, List.of(),
                retryAfterSeconds));
    }

    /** Fails with {@code failures} in turn, then succeeds with the number of attempts. */
    private static java.util.function.Supplier<Future<Integer>> failing(AtomicInteger attempts,
            ApiException... failures) {
        return () -> {
            int attempt = attempts.incrementAndGet();
            return attempt <= failures.length ? Future.failedFuture(failures[attempt - 1])
                    : Future.succeededFuture(attempt);
        };
    }

    @Test
    void transientFailuresAreRetriedWithBackoffAndNeverSoonerThanRetryAfter() {
        AtomicInteger attempts = new AtomicInteger();

        int result = Await.result(policy.call(vertx.getOrCreateContext(),
                failing(attempts, http(503, -1), http(429, 4), http(500, -1))));

        assertThat(result).isEqualTo(4);
        assertThat(scheduler.sleeps()).containsExactly(Duration.ofMillis(250), Duration.ofSeconds(4),
                Duration.ofSeconds(1));
    }

    @Test
    void aPermanentFailurePassesThroughAtOnce() {
        AtomicInteger attempts = new AtomicInteger();

        Throwable failure = Await.failure(policy.call(vertx.getOrCreateContext(), failing(attempts, http(403, -1))));

        assertThat(failure).isInstanceOf(ApiException.class).hasMessageContaining("answer 403");
        assertThat(attempts).hasValue(1);
        assertThat(scheduler.sleeps()).isEmpty();
    }

    @Test
    void itGivesUpWhenTheBudgetLeavesNoRoomForTheNextWait() {
        AtomicInteger attempts = new AtomicInteger();

        Throwable failure = Await.failure(policy.call(vertx.getOrCreateContext(),
                failing(attempts, http(429, 20), http(429, 20), http(429, 20))));

        assertThat(failure).isInstanceOfSatisfying(RetriesExhaustedException.class, exhausted -> {
            assertThat(exhausted.attempts()).isEqualTo(2);
            assertThat(exhausted.getMessage()).contains("gave up after 2 attempts");
        });
        assertThat(scheduler.sleeps()).containsExactly(Duration.ofSeconds(20));
    }

    private static ApiException transport(ApiFailure.TransportError.Kind kind) {
        return new ApiException(new ApiFailure.TransportError(kind, kind + ": 127.0.0.1:1"));
    }

    @Test
    void aRefusedConnectionIsTriedFourTimesWhateverTheBudgetLeaves() {
        AtomicInteger attempts = new AtomicInteger();
        ApiException refused = transport(ApiFailure.TransportError.Kind.CONNECTION_REFUSED);

        Throwable failure = Await.failure(policy.call(vertx.getOrCreateContext(),
                failing(attempts, refused, refused, refused, refused, refused, refused)));

        assertThat(failure).isInstanceOfSatisfying(RetriesExhaustedException.class,
                exhausted -> assertThat(exhausted.attempts()).isEqualTo(RetryPolicy.REFUSED_CONNECTION_ATTEMPTS));
        assertThat(attempts).hasValue(4);
        assertThat(scheduler.sleeps()).containsExactly(Duration.ofMillis(250), Duration.ofMillis(500),
                Duration.ofSeconds(1));
    }

    @Test
    void resetsAndTimeoutsKeepTheWholeBudget() {
        AtomicInteger attempts = new AtomicInteger();
        ApiException reset = transport(ApiFailure.TransportError.Kind.CONNECTION_RESET);
        ApiException timeout = transport(ApiFailure.TransportError.Kind.TIMEOUT);

        int result = Await.result(policy.call(vertx.getOrCreateContext(),
                failing(attempts, reset, timeout, reset, timeout, reset)));

        assertThat(result).isEqualTo(6);
    }
}
