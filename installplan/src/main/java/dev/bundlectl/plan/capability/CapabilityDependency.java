package dev.bundlectl.plan.capability;

import java.util.List;

/**
 * One capability that needs another to work (docs/semantics.md §4, and the OpenShift installer's own
 * validation).
 *
 * @param dependent the capability that needs {@code dependency}
 * @param dependency the capability it needs
 */
public record CapabilityDependency(String dependent, String dependency) {

    /** marketplace needs OperatorLifecycleManager; ClusterAPI needs CompatibilityRequirements. */
    public static final List<CapabilityDependency> ALL = List.of(
            new CapabilityDependency("marketplace", "OperatorLifecycleManager"),
            new CapabilityDependency("ClusterAPI", "CompatibilityRequirements"));

    /** The installer's wording, e.g. {@code the marketplace capability requires the OperatorLifecycleManager capability}. */
    public String message() {
        return "the " + dependent + " capability requires the " + dependency + " capability";
    }
}
