package dev.bundlectl.executor;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.bundlectl.bundle.Manifest;
import dev.bundlectl.bundle.SourceLocation;
import dev.bundlectl.plan.payload.InstallHistory;
import dev.bundlectl.plan.payload.RunGraph;
import dev.bundlectl.plan.payload.RunGraphBuilder;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@link GraphWalk} on a small graph, with tasks finished by hand. */
class GraphWalkTest {

    // Run level 10: chains alpha (a1, a2) and beta (b1, b2); run level 20: chain gamma (c1).
    private static final int A1 = 0;
    private static final int A2 = 1;
    private static final int B1 = 2;
    private static final int B2 = 3;
    private static final int C1 = 4;

    private static final RunGraph GRAPH = RunGraphBuilder.build(List.of(
            manifest("0000_10_alpha_00_a.yaml", "a1"), manifest("0000_10_alpha_01_a.yaml", "a2"),
            manifest("0000_10_beta_00_b.yaml", "b1"), manifest("0000_10_beta_01_b.yaml", "b2"),
            manifest("0000_20_gamma_00_c.yaml", "c1")), InstallHistory.UPDATE);

    private final Map<Integer, Promise<Boolean>> running = new LinkedHashMap<>();
    private final List<Integer> started = new ArrayList<>();
    private final Map<Integer, Integer> skipped = new LinkedHashMap<>();

    private static Manifest manifest(String file, String name) {
        return new Manifest(new SourceLocation(file, 0), "v1", "ConfigMap", name, null, Map.of(),
                JsonNodeFactory.instance.objectNode());
    }

    private Future<Void> walk(int limit, boolean[] mayStart) {
        return GraphWalk.run(GRAPH, limit, node -> {
            started.add(node);
            Promise<Boolean> task = Promise.promise();
            running.put(node, task);
            return task.future();
        }, () -> mayStart[0], skipped::put);
    }

    private void finish(int node, boolean succeeded) {
        running.remove(node).complete(succeeded);
    }

    @Test
    void theGraphIsTheOneThisTestMeans() {
        assertThat(GRAPH.nodes()).extracting(node -> node.manifest().name()).containsExactly("a1", "a2", "b1", "b2", "c1");
    }

    @Test
    void chainsRunInParallelEachInOrderAndTheNextLevelWaitsForAll() {
        Future<Void> done = walk(8, new boolean[] {true});
        assertThat(running.keySet()).containsExactly(A1, B1);

        finish(A1, true);
        assertThat(running.keySet()).containsExactly(B1, A2);
        finish(A2, true);
        assertThat(running.keySet()).containsExactly(B1);
        finish(B1, true);
        finish(B2, true);
        assertThat(running.keySet()).containsExactly(C1);
        finish(C1, true);

        assertThat(done.succeeded()).isTrue();
        assertThat(started).containsExactly(A1, B1, A2, B2, C1);
        assertThat(skipped).isEmpty();
    }

    @Test
    void neverRunsMoreThanTheLimitAndPicksReadyNodesInGraphOrder() {
        Future<Void> done = walk(1, new boolean[] {true});
        while (!running.isEmpty()) {
            assertThat(running).hasSize(1);
            finish(running.keySet().iterator().next(), true);
        }

        assertThat(done.succeeded()).isTrue();
        assertThat(started).containsExactly(A1, A2, B1, B2, C1);
    }

    @Test
    void aFailureSkipsTheRestOfItsChainAndLaterLevelsButNotOtherChains() {
        Future<Void> done = walk(8, new boolean[] {true});

        finish(A1, false);
        assertThat(skipped).containsExactly(Map.entry(A2, A1), Map.entry(C1, A1));
        assertThat(running.keySet()).containsExactly(B1);
        finish(B1, true);
        finish(B2, true);

        assertThat(done.succeeded()).isTrue();
        assertThat(started).containsExactly(A1, B1, B2);
    }

    @Test
    void aFailedTaskFutureCountsAsAFailedNode() {
        Future<Void> done = GraphWalk.run(GRAPH, 8, node -> node == B2 ? Future.failedFuture("bug")
                : Future.succeededFuture(true), () -> true, skipped::put);

        assertThat(done.succeeded()).isTrue();
        assertThat(skipped).containsExactly(Map.entry(C1, B2));
    }

    @Test
    void onceToldToStopNothingNewStartsAndTheRunningFinish() {
        boolean[] mayStart = {true};
        Future<Void> done = walk(8, mayStart);

        mayStart[0] = false;
        finish(A1, true);
        assertThat(done.isComplete()).isFalse();
        finish(B1, true);

        assertThat(done.succeeded()).isTrue();
        assertThat(started).containsExactly(A1, B1);
        assertThat(skipped).isEmpty();
    }
}
