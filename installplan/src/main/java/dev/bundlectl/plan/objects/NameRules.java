package dev.bundlectl.plan.objects;

import java.util.Map;

/**
 * Which {@link NameRule} the API server applies to each kind's {@code metadata.name}. Kept small
 * and explicit: only the kinds whose rule is not the DNS-1123 subdomain, as Kubernetes 1.26's
 * {@code pkg/apis/core/validation} and {@code pkg/apis/rbac/validation} define them. Every other
 * built-in kind a bundle may carry, and every custom resource, uses the subdomain rule.
 * CustomResourceDefinitions add their own rule on top ({@link MetadataCheck}).
 */
final class NameRules {

    private static final Map<String, NameRule> BY_GROUP_AND_KIND = Map.of(
            "/Namespace", NameRule.DNS1123_LABEL,
            "/Service", NameRule.DNS1035_LABEL,
            "rbac.authorization.k8s.io/Role", NameRule.PATH_SEGMENT,
            "rbac.authorization.k8s.io/ClusterRole", NameRule.PATH_SEGMENT,
            "rbac.authorization.k8s.io/RoleBinding", NameRule.PATH_SEGMENT,
            "rbac.authorization.k8s.io/ClusterRoleBinding", NameRule.PATH_SEGMENT);

    private NameRules() {
    }

    /** The rule for objects of {@code kind} in API group {@code group} ({@code ""} for core). */
    static NameRule forKind(String group, String kind) {
        return BY_GROUP_AND_KIND.getOrDefault(group + "/" + kind, NameRule.DNS1123_SUBDOMAIN);
    }
}
