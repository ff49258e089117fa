package dev.bundlectl.render;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The install mode a CSV is rendered for, with the namespaces it means.
 *
 * @param type the mode
 * @param operatorNamespace where the operator runs
 * @param targetNamespaces the watched namespaces, sorted and distinct: empty for AllNamespaces,
 *     the operator namespace for OwnNamespace
 */
public record ResolvedInstallMode(InstallModeType type, String operatorNamespace, List<String> targetNamespaces) {

    public ResolvedInstallMode {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(operatorNamespace, "operatorNamespace");
        targetNamespaces = targetNamespaces.stream().distinct().sorted().toList();
    }

    /** Whether the operator watches every namespace. */
    public boolean allNamespaces() {
        return type == InstallModeType.ALL_NAMESPACES;
    }

    /**
     * The value of the {@code olm.targetNamespaces} annotation, as OLM writes it from an
     * OperatorGroup's status: the target namespaces joined with commas, {@code ""} for all.
     */
    public String targetNamespacesAnnotation() {
        return String.join(",", targetNamespaces);
    }

    /**
     * Where the Roles of the CSV's {@code permissions} go when they are not lifted to ClusterRoles:
     * the operator namespace first (OLM always creates them there), then every other target.
     */
    public List<String> roleNamespaces() {
        List<String> namespaces = new ArrayList<>();
        namespaces.add(operatorNamespace);
        targetNamespaces.stream().filter(ns -> !ns.equals(operatorNamespace)).forEach(namespaces::add);
        return namespaces;
    }

    /** For messages: {@code AllNamespaces}, or {@code SingleNamespace watching team-a}. */
    public String describe() {
        return allNamespaces() ? type.wireName() : type.wireName() + " watching " + String.join(", ", targetNamespaces);
    }
}
