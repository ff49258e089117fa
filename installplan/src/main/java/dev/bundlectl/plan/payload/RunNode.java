package dev.bundlectl.plan.payload;

import dev.bundlectl.bundle.Manifest;
import java.util.List;
import java.util.Objects;

/**
 * One manifest in the run graph.
 *
 * @param id the node's position in {@link RunGraph#nodes()}
 * @param manifest the manifest
 * @param installLevel the install level it runs in (always 0 outside a first install)
 * @param runLevel the run level, a string
 * @param component the component chain it belongs to
 * @param dependsOn ids of the nodes that must succeed before this one starts: the previous node of
 *     its chain, or for the first node of a chain, the last node of every chain of the previous level
 */
public record RunNode(int id, Manifest manifest, int installLevel, String runLevel, String component,
        List<Integer> dependsOn) {

    public RunNode {
        Objects.requireNonNull(manifest, "manifest");
        Objects.requireNonNull(runLevel, "runLevel");
        Objects.requireNonNull(component, "component");
        dependsOn = List.copyOf(dependsOn);
    }
}
