package dev.bundlectl.executor;

import dev.bundlectl.plan.payload.RunGraph;
import dev.bundlectl.plan.payload.RunNode;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import java.util.List;
import java.util.PriorityQueue;
import java.util.function.BooleanSupplier;
import java.util.function.IntFunction;

/**
 * Walks a {@link RunGraph}: a node starts once every node it depends on has succeeded, at most
 * {@code limit} run at once, and ready nodes start in graph order. When a node fails, everything
 * that waits for it (directly or not) is skipped and reported; nodes that do not wait for it go
 * on. Once {@code mayStart} says no (the deadline passed), nothing new starts and the running
 * nodes finish. Must be used on one Vert.x context: its state is not locked.
 */
final class GraphWalk {

    /** Told about each node that will not run, with the failed node that caused it. */
    @FunctionalInterface
    interface SkipListener {
        void skipped(int node, int failedNode);
    }

    private final RunGraph graph;
    private final int limit;
    private final IntFunction<Future<Boolean>> task;
    private final BooleanSupplier mayStart;
    private final SkipListener onSkip;
    private final int[] waitingFor;
    private final boolean[] skipped;
    private final PriorityQueue<Integer> ready = new PriorityQueue<>();
    private final Promise<Void> done = Promise.promise();
    private int running;

    private GraphWalk(RunGraph graph, int limit, IntFunction<Future<Boolean>> task, BooleanSupplier mayStart,
            SkipListener onSkip) {
        this.graph = graph;
        this.limit = limit;
        this.task = task;
        this.mayStart = mayStart;
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
        GraphWalk walk = new GraphWalk(graph, limit, task, mayStart, onSkip);
        walk.fill();
        return walk.done.future();
    }

    private void fill() {
        while (running < limit && !ready.isEmpty() && mayStart.getAsBoolean()) {
            int node = ready.poll();
            running++;
            Future<Boolean> started;
            try {
                started = task.apply(node);
            } catch (RuntimeException e) {
                started = Future.failedFuture(e);
            }
            started.onComplete(finished -> {
                running--;
                if (finished.succeeded() && Boolean.TRUE.equals(finished.result())) {
                    succeeded(node);
                } else {
                    failed(node);
                }
                fill();
            });
        }
        if (running == 0) {
            done.tryComplete();
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
