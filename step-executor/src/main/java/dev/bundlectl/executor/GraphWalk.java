package dev.bundlectl.executor;

import dev.bundlectl.cluster.concurrency.BoundedConcurrency;
import dev.bundlectl.plan.payload.RunGraph;
import dev.bundlectl.plan.payload.RunNode;
import io.vertx.core.AsyncResult;
import io.vertx.core.Future;
import java.util.List;
import java.util.PriorityQueue;
import java.util.function.BooleanSupplier;
import java.util.function.IntFunction;

/**
 * Walks a {@link RunGraph}: a node starts once every node it depends on has succeeded, at most
 * {@code limit} run at once, and ready nodes start in graph order. When a node fails, everything
 * that waits for it (directly or not) is skipped and reported; nodes that do not wait for it go
 * on. Once {@code mayStart} says no (the deadline passed), nothing new starts and the running
 * nodes finish. The limit and the stop are {@link BoundedConcurrency}'s; this class keeps only the
 * graph's bookkeeping, which the limiter calls under its lock.
 */
final class GraphWalk {

    /** Told about each node that will not run, with the failed node that caused it. */
    @FunctionalInterface
    interface SkipListener {
        void skipped(int node, int failedNode);
    }

    private final RunGraph graph;
    private final SkipListener onSkip;
    private final int[] waitingFor;
    private final boolean[] skipped;
    /** Nodes whose dependencies all succeeded, lowest (earliest in graph order) first. */
    private final PriorityQueue<Integer> ready = new PriorityQueue<>();

    private GraphWalk(RunGraph graph, SkipListener onSkip) {
        this.graph = graph;
        this.onSkip = onSkip;
        List<RunNode> nodes = graph.nodes();
        this.waitingFor = new int[nodes.size()];
        this.skipped = new boolean[nodes.size()];
        for (RunNode node : nodes) {
            waitingFor[node.id()] = node.dependsOn().size();
            if (node.dependsOn().isEmpty()) {
                ready.add(node.id());
            }
        }
    }

    /**
     * Walks the graph.
     *
     * @param task runs one node; completes with whether it succeeded (a failed future counts as failed)
     * @return completes when every started node has finished
     */
    static Future<Void> run(RunGraph graph, int limit, IntFunction<Future<Boolean>> task, BooleanSupplier mayStart,
            SkipListener onSkip) {
        GraphWalk walk = new GraphWalk(graph, onSkip);
        return BoundedConcurrency.<Integer, Boolean>run(walk.ready, limit, task::apply, walk::finished, mayStart);
    }

    /** Called by the limiter, under its lock, when a node's task ends; may make nodes ready. */
    private void finished(int node, AsyncResult<Boolean> result) {
        if (result.succeeded() && Boolean.TRUE.equals(result.result())) {
            succeeded(node);
        } else {
            failed(node);
        }
    }

    private void succeeded(int node) {
        for (int dependent : graph.directDependents(node)) {
            if (--waitingFor[dependent] == 0 && !skipped[dependent]) {
                ready.add(dependent);
            }
        }
    }

    private void failed(int node) {
        for (int dependent : graph.dependentsOf(node)) {
            if (!skipped[dependent]) {
                skipped[dependent] = true;
                ready.remove(dependent);
                onSkip.skipped(dependent, node);
            }
        }
    }
}
