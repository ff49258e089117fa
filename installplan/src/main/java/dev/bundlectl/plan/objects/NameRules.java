package dev.bundlectl.plan.objects;

import dev.bundlectl.bundle.kinds.GroupKind;
import java.util.Map;

/**
 * Which {@link NameRule} the API server applies to each kind's {@code metadata.name}. Kept small
 * and explicit: only the kinds whose rule is not the DNS-1123 subdomain, as Kubernetes 1.26's
 * {@code pkg/apis/core/validation} and {@code pkg/apis/rbac/validation} define them. Every other
 * built-in kind a bundle may carry, and every custom resource, uses the subdomain rule.
 * CustomResourceDefinitions add their own rule on top ({@link MetadataCheck}).
 */
final class NameRules {

    private static final Map<GroupKind, NameRule> BY_GROUP_AND_KIND = Map.of(
            GroupKind.NAMESPACE, NameRule.DNS1123_LABEL,
            GroupKind.SERVICE, NameRule.DNS1035_LABEL,
            GroupKind.ROLE, NameRule.PATH_SEGMENT,
            GroupKind.CLUSTER_ROLE, NameRule.PATH_SEGMENT,
            GroupKind.ROLE_BINDING, NameRule.PATH_SEGMENT,
            GroupKind.CLUSTER_ROLE_BINDING, NameRule.PATH_SEGMENT);

    private NameRules() {
    }

    /** The rule for objects of {@code kind} in API group {@code group} ({@code ""} for core). */
    static NameRule forKind(String group, String kind) {
        return BY_GROUP_AND_KIND.getOrDefault(new GroupKind(group, kind), NameRule.DNS1123_SUBDOMAIN);
    }
}
