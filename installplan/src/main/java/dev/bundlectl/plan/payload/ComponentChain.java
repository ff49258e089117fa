package dev.bundlectl.plan.payload;

import java.util.List;
import java.util.Objects;

/**
 * The manifests of one component within one level, applied one after another.
 *
 * @param component the component name
 * @param nodes the nodes in order
 */
public record ComponentChain(String component, List<RunNode> nodes) {

    public ComponentChain {
        Objects.requireNonNull(component, "component");
        nodes = List.copyOf(nodes);
        if (nodes.isEmpty()) {
            throw new IllegalArgumentException("a chain has at least one node");
        }
    }

    /** The node every later level waits for. */
    public RunNode last() {
        return nodes.get(nodes.size() - 1);
    }
}
