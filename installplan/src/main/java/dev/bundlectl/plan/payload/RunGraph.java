package dev.bundlectl.plan.payload;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The order in which a payload's manifests are applied: levels in sequence, component chains in
 * parallel within a level, manifests in sequence within a chain. Immutable; build it with
 * {@link RunGraphBuilder}.
 *
 * <p>How an executor walks it: a node may start once every node in {@link RunNode#dependsOn()}
 * has succeeded (a manifest deliberately not applied, such as a capability-excluded one, counts
 * as succeeded). When a node fails, {@link #skippedBy} names every node that must not run: the
 * rest of its chain and, because a level is a barrier, every later level. Other chains of the
 * same level go on.
 */
public final class RunGraph {

    private final List<RunLevel> levels;
    private final List<RunNode> nodes;
    private final List<List<Integer>> dependents;

    /**
     * A graph of these levels; {@link RunGraphBuilder} is the usual way to get one.
     *
     * @param levels the levels in order; node ids must be their position in the flattened order
     */
    public RunGraph(List<RunLevel> levels) {
        this.levels = List.copyOf(levels);
        List<RunNode> flat = new ArrayList<>();
        for (RunLevel level : this.levels) {
            for (ComponentChain chain : level.chains()) {
                flat.addAll(chain.nodes());
            }
        }
        this.nodes = List.copyOf(flat);
        List<List<Integer>> reverse = new ArrayList<>();
        for (int i = 0; i < nodes.size(); i++) {
            if (nodes.get(i).id() != i) {
                throw new IllegalArgumentException("node ids must follow the flattened order");
            }
            reverse.add(new ArrayList<>());
        }
        for (RunNode node : nodes) {
            for (int dependency : node.dependsOn()) {
                reverse.get(dependency).add(node.id());
            }
        }
        this.dependents = reverse.stream().map(List::copyOf).toList();
    }

    /** The levels in the order they run. */
    public List<RunLevel> levels() {
        return levels;
    }

    /** Every node in a deterministic display order: level by level, chain by chain. */
    public List<RunNode> nodes() {
        return nodes;
    }

    /** The node with this id. */
    public RunNode node(int id) {
        return nodes.get(id);
    }

    /** The nodes that wait directly for this one. */
    public List<Integer> directDependents(int id) {
        return dependents.get(id);
    }

    /** Every node that waits for this one, directly or not, sorted. */
    public Set<Integer> dependentsOf(int id) {
        return skippedBy(List.of(id));
    }

    /** Every node that must not run because one of {@code failed} failed, sorted; excludes the failed ones. */
    public Set<Integer> skippedBy(Collection<Integer> failed) {
        TreeSet<Integer> skipped = new TreeSet<>();
        Deque<Integer> pending = new ArrayDeque<>(failed);
        while (!pending.isEmpty()) {
            for (int dependent : dependents.get(pending.pop())) {
                if (skipped.add(dependent)) {
                    pending.push(dependent);
                }
            }
        }
        skipped.removeAll(failed);
        return skipped;
    }

    /**
     * The nodes that may start now: not yet started, and every dependency succeeded.
     *
     * @param succeeded ids of nodes that succeeded
     * @param started ids of nodes that started (running, finished or failed)
     */
    public List<RunNode> ready(Set<Integer> succeeded, Set<Integer> started) {
        return nodes.stream()
                .filter(node -> !started.contains(node.id()))
                .filter(node -> succeeded.containsAll(node.dependsOn()))
                .toList();
    }
}
