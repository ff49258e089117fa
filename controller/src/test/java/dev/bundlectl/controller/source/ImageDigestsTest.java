package dev.bundlectl.controller.source;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import dev.bundlectl.executor.testing.SettableClock;
import org.junit.jupiter.api.Test;

/** Tags resolved once for many callers, aged, followed by the poll, and told apart when they move. */
class ImageDigestsTest {

    private final List<String> asked = new ArrayList<>();
    private final Map<String, String> registry = new HashMap<>(Map.of("r/cat:latest", "r/cat@sha256:aa"));
    private final SettableClock clock = new SettableClock(Instant.parse("2026-11-29T00:00:00Z"));

    private Future<String> resolve(String reference) {
        asked.add(reference);
        String pinned = registry.get(reference);
        return pinned == null ? Future.failedFuture(new IllegalStateException("unreachable")) : Future.succeededFuture(pinned);
    }

    @Test
    void manyCallersWithinTheIntervalCostOneResolution() {
        ImageDigests digests = new ImageDigests(this::resolve, Duration.ofMinutes(10), clock);
        for (int i = 0; i < 200; i++) {
            assertThat(digests.pinned("r/cat:latest").result()).isEqualTo("r/cat@sha256:aa");
        }
        assertThat(asked).containsExactly("r/cat:latest");
    }

    @Test
    void callersWhileOneResolutionIsUnderWayShareIt() {
        Promise<String> slow = Promise.promise();
        List<String> calls = new ArrayList<>();
        ImageDigests digests = new ImageDigests(reference -> {
            calls.add(reference);
            return slow.future();
        }, Duration.ofMinutes(10), clock);
        Future<String> first = digests.pinned("r/cat:latest");
        clock.advance(Duration.ofMinutes(11));
        Future<String> second = digests.pinned("r/cat:latest");
        slow.complete("r/cat@sha256:aa");
        assertThat(first.result()).isEqualTo(second.result());
        assertThat(calls).hasSize(1);
    }

    @Test
    void anUnfollowedTagIsResolvedAgainOnceItsAnswerIsOlderThanTheInterval() {
        ImageDigests digests = new ImageDigests(this::resolve, Duration.ofMinutes(10), clock);
        digests.pinned("r/cat:latest");
        clock.advance(Duration.ofMinutes(9));
        digests.pinned("r/cat:latest");
        clock.advance(Duration.ofMinutes(2));
        digests.pinned("r/cat:latest");
        assertThat(asked).hasSize(2);
    }

    @Test
    void aFollowedTagIsKeptCurrentByThePollAloneAndAMoveIsTold() {
        ImageDigests digests = new ImageDigests(this::resolve, Duration.ofMinutes(10), clock);
        assertThat(digests.refresh("r/cat:latest").result()).isEqualTo(new ImageDigests.Refreshed("r/cat@sha256:aa",
                false));
        clock.advance(Duration.ofHours(3));
        digests.pinned("r/cat:latest");
        assertThat(asked).as("reconciles never resolve a followed tag").hasSize(1);

        assertThat(digests.refresh("r/cat:latest").result().moved()).as("same digest").isFalse();
        registry.put("r/cat:latest", "r/cat@sha256:bb");
        assertThat(digests.refresh("r/cat:latest").result()).isEqualTo(new ImageDigests.Refreshed("r/cat@sha256:bb",
                true));
        assertThat(digests.pinned("r/cat:latest").result()).isEqualTo("r/cat@sha256:bb");
    }

    @Test
    void aMoveWhileTheRegistryWasUnreachableIsStillTold() {
        ImageDigests digests = new ImageDigests(this::resolve, Duration.ofMinutes(10), clock);
        digests.refresh("r/cat:latest");
        registry.remove("r/cat:latest");
        assertThat(digests.refresh("r/cat:latest").failed()).isTrue();
        registry.put("r/cat:latest", "r/cat@sha256:cc");
        assertThat(digests.refresh("r/cat:latest").result().moved()).isTrue();
    }

    @Test
    void aFailedResolutionIsNotKept() {
        ImageDigests digests = new ImageDigests(this::resolve, Duration.ofMinutes(10), clock);
        assertThat(digests.pinned("r/other:1").failed()).isTrue();
        registry.put("r/other:1", "r/other@sha256:dd");
        assertThat(digests.pinned("r/other:1").result()).isEqualTo("r/other@sha256:dd");
    }

    @Test
    void aZeroIntervalResolvesOnEveryCall() {
        ImageDigests digests = new ImageDigests(this::resolve, Duration.ZERO, clock);
        digests.pinned("r/cat:latest");
        digests.pinned("r/cat:latest");
        assertThat(asked).hasSize(2);
    }
}
