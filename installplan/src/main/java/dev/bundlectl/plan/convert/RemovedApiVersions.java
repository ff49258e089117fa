package dev.bundlectl.plan.convert;

import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The removed API versions that old bundles still carry, and what replaced them: CRDs
 * ({@code apiextensions.k8s.io/v1beta1}, removed in Kubernetes 1.22), RBAC
 * ({@code rbac.authorization.k8s.io/v1beta1}, 1.22), PodDisruptionBudgets ({@code policy/v1beta1},
 * 1.25) and PriorityClasses ({@code scheduling.k8s.io/v1beta1}, 1.22).
 */
public final class RemovedApiVersions {

    private static final List<RemovedApiVersion> ALL = List.of(
            new RemovedApiVersion("apiextensions.k8s.io", "v1beta1", "v1", Set.of("CustomResourceDefinition"),
                    new CrdConversion()),
            new RemovedApiVersion("rbac.authorization.k8s.io", "v1beta1", "v1",
                    Set.of("Role", "ClusterRole", "RoleBinding", "ClusterRoleBinding"), new SameShapeConversion()),
            new RemovedApiVersion("policy", "v1beta1", "v1", Set.of("PodDisruptionBudget"),
                    new PodDisruptionBudgetConversion()),
            new RemovedApiVersion("scheduling.k8s.io", "v1beta1", "v1", Set.of("PriorityClass"),
                    new SameShapeConversion()));

    private RemovedApiVersions() {
    }

    /** Every removed version this package converts. */
    public static List<RemovedApiVersion> all() {
        return ALL;
    }

    /** The removed version an object of this group, version and kind is at, if it is at one. */
    public static Optional<RemovedApiVersion> of(String group, String version, String kind) {
        return ALL.stream()
                .filter(removed -> removed.group().equals(group) && removed.removedVersion().equals(version)
                        && removed.kinds().contains(kind))
                .findFirst();
    }
}
