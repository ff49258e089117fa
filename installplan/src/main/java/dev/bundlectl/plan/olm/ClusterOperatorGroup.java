package dev.bundlectl.plan.olm;

import java.util.Objects;
import java.util.Set;

/**
 * An OperatorGroup anywhere in the cluster, as OLM's rules across namespaces see it.
 *
 * @param namespace its namespace
 * @param name its name
 * @param targets the namespaces its operators serve: its {@code status.namespaces} (its
 *     {@code spec.targetNamespaces} before OLM has written the status), and its own namespace
 * @param providedApis the APIs its operators provide, from its {@code olm.providedAPIs} annotation
 *     (cut to what its member CSVs provide, as OLM prunes it, where that was read)
 * @param staticProvidedApis its {@code spec.staticProvidedAPIs}: OLM then never changes the
 *     annotation
 */
public record ClusterOperatorGroup(String namespace, String name, TargetNamespaces targets,
        Set<ProvidedApi> providedApis, boolean staticProvidedApis) {

    public ClusterOperatorGroup {
        Objects.requireNonNull(namespace, "namespace");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(targets, "targets");
        providedApis = Set.copyOf(providedApis);
    }

    /** Whether this is the group named {@code name} in {@code namespace}. */
    public boolean is(String otherNamespace, String otherName) {
        return namespace.equals(otherNamespace) && name.equals(otherName);
    }
}
