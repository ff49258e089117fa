package dev.bundlectl.plan;

import dev.bundlectl.bundle.Manifest;
import dev.bundlectl.plan.api.CrdApiResources;
import java.util.Set;

/** Kinds with rules of their own in a plan. */
final class StepKinds {

    static final String CSV_GROUP = "operators.coreos.com";
    static final String CSV_KIND = "ClusterServiceVersion";

    /**
     * Kinds that listing in {@code olm.manifests.optional} does not make optional (docs/semantics.md §1):
     * their APIs are a prerequisite of OLM itself. Group-qualified, so that a CRD's own
     * {@code Service} kind in another group can still be optional.
     */
    private static final Set<String> NEVER_OPTIONAL = Set.of(
            CSV_GROUP + "/" + CSV_KIND,
            CrdApiResources.CRD_GROUP + "/" + CrdApiResources.CRD_KIND,
            "/Secret", "/ConfigMap", "/ServiceAccount", "/Service",
            "rbac.authorization.k8s.io/Role", "rbac.authorization.k8s.io/RoleBinding",
            "rbac.authorization.k8s.io/ClusterRole", "rbac.authorization.k8s.io/ClusterRoleBinding");

    private StepKinds() {
    }

    static boolean canBeOptional(Manifest manifest) {
        return canBeOptional(manifest.group(), manifest.kind());
    }

    static boolean canBeOptional(String group, String kind) {
        return !NEVER_OPTIONAL.contains(group + "/" + kind);
    }
}
