package dev.bundlectl.executor.planning;

import dev.bundlectl.plan.PlanAnnotations;
import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.planned.PlanLayout;
import java.util.Objects;

/**
 * What is being planned, which names the install records it follows.
 *
 * @param namespace the install namespace, where the target's install records are
 * @param packageName the package (a payload's directory name), which names the target
 * @param payload whether it is a release payload, whose objects keep their own namespaces
 * @param readsInstalledPackages whether planning reads the namespace's installed packages (for a
 *     bundle that declares dependencies)
 */
public record PlanTarget(String namespace, String packageName, boolean payload, boolean readsInstalledPackages) {

    /** A target whose installed packages are not read. */
    public PlanTarget(String namespace, String packageName, boolean payload) {
        this(namespace, packageName, payload, false);
    }

    public PlanTarget {
        Objects.requireNonNull(namespace, "namespace");
        Objects.requireNonNull(packageName, "packageName");
    }

    /** The target of a stored plan: its namespace (else {@code namespace}), package and layout. */
    public static PlanTarget of(InstallPlan plan, String namespace) {
        String planNamespace = plan.metadata().namespace();
        return new PlanTarget(planNamespace != null ? planNamespace : namespace,
                plan.metadata().annotations().getOrDefault(PlanAnnotations.PACKAGE, plan.metadata().name()),
                PlanLayout.isPayload(plan));
    }

    /** Where the planner puts namespaced objects: the install namespace for a bundle, their own for a payload. */
    public String placementNamespace() {
        return payload ? null : namespace;
    }
}
