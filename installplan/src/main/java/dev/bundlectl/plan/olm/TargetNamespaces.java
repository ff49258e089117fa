package dev.bundlectl.plan.olm;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The namespaces an OperatorGroup's operators serve, as OLM compares two groups: the group's
 * targets and its own namespace, or every namespace (docs/semantics.md §6). Two groups overlap
 * when some namespace is in both; a group for every namespace overlaps any group that serves one.
 *
 * @param namespaces the namespaces, without the group's own when it serves every namespace
 * @param all whether it serves every namespace
 */
public record TargetNamespaces(Set<String> namespaces, boolean all) {

    public TargetNamespaces {
        namespaces = Set.copyOf(namespaces);
    }

    /**
     * The namespaces served by a group in {@code namespace} that targets {@code targets}: no
     * target (or {@code ""}) is every namespace; otherwise the targets and the group's own
     * namespace, as OLM adds it.
     */
    public static TargetNamespaces of(String namespace, List<String> targets) {
        if (targets.isEmpty() || targets.contains("")) {
            return new TargetNamespaces(Set.of(), true);
        }
        Set<String> served = new TreeSet<>(targets);
        served.add(namespace);
        return new TargetNamespaces(served, false);
    }

    /** A group that OLM has not given targets yet serves nothing so far. */
    public static TargetNamespaces none() {
        return new TargetNamespaces(Set.of(), false);
    }

    /** Whether some namespace is served by both. */
    public boolean overlaps(TargetNamespaces other) {
        if (all || other.all) {
            return (all || !namespaces.isEmpty()) && (other.all || !other.namespaces.isEmpty());
        }
        return namespaces.stream().anyMatch(other.namespaces::contains);
    }

    /** {@code all namespaces}, or the namespaces in order. */
    @Override
    public String toString() {
        return all ? "all namespaces" : String.join(", ", new TreeSet<>(namespaces));
    }
}
