package dev.bundlectl.executor;

import dev.bundlectl.plan.payload.RunNode;
import dev.bundlectl.plan.payload.StepRunGraph;
import io.vertx.core.Future;
import java.util.List;
import java.util.Set;

/**
 * A release payload's order, as the cluster-version operator applies it: run levels in sequence,
 * the component chains of a level in parallel (at most {@code concurrency} steps at once), the
 * manifests of a chain one after another. A failed step skips what waits for it (the rest of its
 * chain and every later level); other chains of its level go on. A CRD is created and waited
 * for in its own node like any step; before its dependents start, discovery is refreshed for the
 * kinds later steps need from it.
 *
 * <p>The graph is the one the plan carries, over every step of the plan; a step that does not run
 * (never sent, such as a capability-excluded one) passes as succeeded at once, which links its
 * neighbours as if it were not in the graph, and is never reported as skipped.
 */
final class PayloadSchedule implements StepSchedule {

    private final StepRunGraph graph;
    private final List<Integer> runnable;
    private final Set<Integer> runs;
    private final StepStarter launcher;
    private final ServedKinds servedKinds;
    private final int concurrency;
    private final StepTracker tracker;

    /**
     * @param graph the run graph of the plan's steps
     * @param runnable every step that runs
     * @param launcher runs steps
     * @param servedKinds waits for the kinds a CRD serves
     * @param concurrency how many steps may run at once
     * @param tracker the execution's steps, for messages
     */
    PayloadSchedule(StepRunGraph graph, List<Integer> runnable, StepStarter launcher, ServedKinds servedKinds,
            int concurrency, StepTracker tracker) {
        this.graph = graph;
        this.runnable = List.copyOf(runnable);
        this.runs = Set.copyOf(runnable);
        this.launcher = launcher;
        this.servedKinds = servedKinds;
        this.concurrency = concurrency;
        this.tracker = tracker;
    }

    @Override
    public Future<Void> run() {
        return GraphWalk.run(graph.graph(), concurrency, this::runNode, launcher::withinDeadline, this::skip);
    }

    private Future<Boolean> runNode(int node) {
        int index = graph.stepOf(node);
        if (!runs.contains(index)) {
            return Future.succeededFuture(true);
        }
        return launcher.launch(index).compose(succeeded -> succeeded && servedKinds.definesKinds(index)
                ? servedKinds.awaitKindsDefinedBy(index, runnable).map(true)
                : Future.succeededFuture(succeeded));
    }

    private void skip(int node, int failedNode) {
        if (!runs.contains(graph.stepOf(node))) {
            return;
        }
        RunNode failed = graph.graph().node(failedNode);
        String failedStep = tracker.step(graph.stepOf(failedNode)).resource().displayName();
        RunNode skipped = graph.graph().node(node);
        String where = skipped.component().equals(failed.component()) && skipped.runLevel().equals(failed.runLevel())
                && skipped.installLevel() == failed.installLevel()
                ? "later in the same component chain"
                : "in a later level";
        launcher.skip(graph.stepOf(node), "not started: " + failedStep + " failed, and this step runs after it ("
                + where + ")");
    }
}
