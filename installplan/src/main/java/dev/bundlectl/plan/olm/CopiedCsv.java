package dev.bundlectl.plan.olm;

import java.util.Objects;
import java.util.Optional;

/**
 * A ClusterServiceVersion that OLM copied into the install namespace (label {@code olm.copiedFrom}):
 * an operator installed in another namespace whose OperatorGroup targets this one, all namespaces
 * included. Its status is OLM's copy of the running operator's.
 *
 * @param name the CSV's name
 * @param fromNamespace where the operator runs
 * @param operatorGroup the OperatorGroup it runs under there ({@code olm.operatorGroup}), or empty
 * @param packageName its package, when known (OLM's {@code operatorframework.io/properties}
 *     annotation, or bundlectl's install record there)
 * @param phase the running CSV's phase, e.g. {@code Succeeded}
 */
public record CopiedCsv(String name, String fromNamespace, String operatorGroup, Optional<String> packageName,
        String phase) {

    public CopiedCsv {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(fromNamespace, "fromNamespace");
        operatorGroup = operatorGroup == null ? "" : operatorGroup;
        Objects.requireNonNull(packageName, "packageName");
        phase = phase == null ? "" : phase;
    }
}
