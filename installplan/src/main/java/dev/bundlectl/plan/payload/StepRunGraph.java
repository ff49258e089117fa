package dev.bundlectl.plan.payload;

import dev.bundlectl.bundle.Manifest;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The {@link RunGraph} of a payload plan's steps, with the step each node stands for. The
 * executor rebuilds the graph from the steps rather than trusting the plan's order, because the
 * install phase (and so the install levels) is only known when the install starts.
 */
public final class StepRunGraph {

    private final RunGraph graph;
    private final List<Integer> stepOfNode;

    private StepRunGraph(RunGraph graph, List<Integer> stepOfNode) {
        this.graph = graph;
        this.stepOfNode = List.copyOf(stepOfNode);
    }

    /**
     * Builds the graph of the given steps. Steps that are left out (never sent, such as
     * capability-excluded ones) count as succeeded: their neighbours are simply linked.
     *
     * @param manifestsByStep the manifest of every step to run, by step index (see
     *     {@link StepManifests}); their release annotations must have passed
     *     {@link ReleaseAnnotationValidator}
     * @param phase whether install levels apply
     */
    public static StepRunGraph build(Map<Integer, Manifest> manifestsByStep, InstallHistory phase) {
        Objects.requireNonNull(phase, "phase");
        Map<Manifest, Integer> stepOf = new IdentityHashMap<>();
        manifestsByStep.forEach((index, manifest) -> stepOf.put(manifest, index));
        RunGraph graph = RunGraphBuilder.build(new ArrayList<>(manifestsByStep.values()), phase);
        List<Integer> steps = graph.nodes().stream().map(node -> stepOf.get(node.manifest())).toList();
        return new StepRunGraph(graph, steps);
    }

    /** The graph; node ids are positions in {@link RunGraph#nodes()}. */
    public RunGraph graph() {
        return graph;
    }

    /** The step index a node stands for. */
    public int stepOf(int nodeId) {
        return stepOfNode.get(nodeId);
    }
}
