package dev.bundlectl.executor.ownership;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.cluster.kube.ApiException;
import dev.bundlectl.plan.errors.ApiFailure;
import dev.bundlectl.executor.testing.Await;
import dev.bundlectl.executor.testing.UnsupportedKubeApi;
import dev.bundlectl.plan.api.ApiResource;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * How many owners {@link OwnerStandings#gone} reads at once: a shared object of a fleet lists
 * hundreds, and the reads must not all be queued behind the connection's few at once.
 */
class OwnerStandingsFanOutTest {

    private final Vertx vertx = Vertx.vertx();

    @AfterEach
    void close() {
        Await.result(vertx.close());
    }

    @Test
    void threeHundredOwnersAreReadAFewAtATimeEachOnceAndTheGoneOnesFound() {
        SlowNamespaces api = new SlowNamespaces(vertx);
        List<InstallOwner> owners = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            owners.add(new InstallOwner((i % 3 == 0 ? "gone-" : "team-") + i, "cachebox-operator"));
        }
        owners.addAll(owners.subList(0, 10));

        Set<InstallOwner> gone = Await.result(new OwnerStandings(api).gone(owners));

        assertThat(api.mostAtOnce.get()).as("reads in flight at once").isBetween(2, OwnerStandings.READS_AT_ONCE);
        assertThat(api.reads).hasSize(300).allSatisfy((namespace, count) -> assertThat(count.get()).isOne());
        // A namespace that exists but holds no record of the package is gone too (semantics §8).
        assertThat(gone).hasSize(300);
    }

    @Test
    void tenThousandOwnersSeenStandingLatelyAreAnsweredWithoutARequestOrADeepStack() {
        RecentStandings recent = new RecentStandings(Duration.ofMinutes(1), Clock.systemUTC());
        List<InstallOwner> owners = new ArrayList<>();
        for (int i = 0; i < 10_000; i++) {
            InstallOwner owner = new InstallOwner("team-" + i, "cachebox-operator");
            recent.saw(owner, new OwnerStanding.Present());
            owners.add(owner);
        }
        SlowNamespaces api = new SlowNamespaces(vertx);

        assertThat(Await.result(new OwnerStandings(api, recent).gone(owners))).isEmpty();
        assertThat(api.reads).isEmpty();
    }

    /** Namespaces answered after a few milliseconds: {@code gone-*} missing, the others there and holding nothing. */
    private static final class SlowNamespaces extends UnsupportedKubeApi {
        private final Vertx vertx;
        final Map<String, AtomicInteger> reads = new ConcurrentHashMap<>();
        final AtomicInteger inFlight = new AtomicInteger();
        final AtomicInteger mostAtOnce = new AtomicInteger();

        SlowNamespaces(Vertx vertx) {
            this.vertx = vertx;
        }

        @Override
        public Future<ObjectNode> get(ApiResource type, String namespace, String name) {
            reads.computeIfAbsent(name, key -> new AtomicInteger()).incrementAndGet();
            mostAtOnce.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
            Promise<ObjectNode> answer = Promise.promise();
            vertx.setTimer(3, timer -> {
                inFlight.decrementAndGet();
                if (name.startsWith("gone-")) {
                    answer.fail(new ApiException(ApiFailure.HttpError.of(404, "NotFound")));
                } else {
                    ObjectNode found = JsonNodeFactory.instance.objectNode();
                    found.putObject("metadata").put("name", name);
                    answer.complete(found);
                }
            });
            return answer.future();
        }

        @Override
        public Future<ObjectNode> list(ApiResource type, String namespace, String labelSelector, int limit,
                String continueToken) {
            ObjectNode page = JsonNodeFactory.instance.objectNode();
            page.putArray("items");
            return Future.succeededFuture(page);
        }
    }
}
