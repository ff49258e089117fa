package dev.bundlectl.plan.olm;

import java.util.List;
import java.util.Objects;

/**
 * An OperatorGroup found in the install namespace.
 *
 * @param name its name
 * @param targetNamespaces the namespaces it targets: {@code status.namespaces} when OLM has
 *     written it, else {@code spec.targetNamespaces}; empty (or {@code ""}) for all namespaces
 * @param madeByBundlectl whether bundlectl created it (its {@code app.kubernetes.io/managed-by}
 *     label), so that a re-run applies it again rather than treating it as someone else's
 */
public record ExistingOperatorGroup(String name, List<String> targetNamespaces, boolean madeByBundlectl) {

    public ExistingOperatorGroup {
        Objects.requireNonNull(name, "name");
        targetNamespaces = List.copyOf(targetNamespaces);
    }
}
