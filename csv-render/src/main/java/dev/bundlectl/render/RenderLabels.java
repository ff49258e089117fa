package dev.bundlectl.render;

import dev.bundlectl.bundle.kinds.GroupKind;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The labels on every object rendered from a CSV. They play the part of OLM's {@code olm.owner},
 * {@code olm.owner.kind} and {@code olm.owner.namespace} labels, so that a re-install or an
 * uninstall can find the objects of an operator with a label selector.
 */
public final class RenderLabels {

    /** {@value}: always {@link #MANAGED_BY_VALUE}. */
    public static final String MANAGED_BY = "app.kubernetes.io/managed-by";
    /** The value of {@link #MANAGED_BY}. */
    public static final String MANAGED_BY_VALUE = "bundlectl";
    /** {@value}: the CSV's name (made a valid label value when longer than 63 characters). */
    public static final String CSV = "bundlectl.dev/csv";
    /** {@value}: always {@code ClusterServiceVersion}, the kind of the owner. */
    public static final String OWNER_KIND = "bundlectl.dev/owner-kind";
    /** {@value}: the namespace the operator is installed in. */
    public static final String OWNER_NAMESPACE = "bundlectl.dev/owner-namespace";

    private RenderLabels() {
    }

    /** The {@link #CSV} label's value for a CSV of this name. */
    public static String csvLabel(String csvName) {
        return RenderNames.labelValue(csvName);
    }

    /** The labels for objects rendered from this CSV installed in this namespace, in a fixed order. */
    public static Map<String, String> of(String csvName, String operatorNamespace) {
        Map<String, String> labels = new LinkedHashMap<>();
        labels.put(MANAGED_BY, MANAGED_BY_VALUE);
        labels.put(CSV, csvLabel(csvName));
        labels.put(OWNER_KIND, GroupKind.CLUSTER_SERVICE_VERSION.kind());
        labels.put(OWNER_NAMESPACE, operatorNamespace);
        return labels;
    }
}
