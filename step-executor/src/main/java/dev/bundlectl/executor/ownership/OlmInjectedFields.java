package dev.bundlectl.executor.ownership;

import dev.bundlectl.executor.records.ObjectRef;
import java.util.List;
import java.util.Optional;

/**
 * The fields OLM writes into an object a bundle ships, which an upgrade of that bundle takes over
 * (docs/semantics.md §9, "CRDs whose conversion webhook OLM injected"). OLM's olm-operator points a
 * CRD's conversion webhook at the service and CA bundle it made for the operator
 * ({@code StrategyDeploymentInstaller.createOrUpdateConversionWebhook}, an update as field manager
 * {@code olm}), over the {@code spec.conversion} the bundle shipped. On an upgrade OLM's catalog
 * operator replaces the CRD whole with the new bundle's ({@code NewCRDV1Step}: an update of the
 * entire object), and the olm-operator injects the new version's webhook again once its CSV
 * installs. bundlectl's server-side apply of the new CRD meets OLM's values as a conflict; as OLM
 * writes the bundle's {@code spec.conversion}, so does bundlectl, taking over exactly the fields
 * that conflict there and nothing any other manager owns.
 */
public final class OlmInjectedFields {

    /** The field manager of OLM's olm-operator and catalog operator. */
    public static final String OLM_MANAGER = "olm";

    private static final String CONVERSION = ".spec.conversion";

    private OlmInjectedFields() {
    }

    /**
     * The fields to release from OLM before {@code object} is applied: every field the apply
     * conflicted on, when the object is a CRD and each of them is OLM's and under
     * {@code spec.conversion}; empty when any conflict is another's or elsewhere, which stays a
     * conflict for the user to settle.
     */
    public static Optional<FieldRelease> release(ObjectRef object, List<FieldConflict> conflicts) {
        if (conflicts == null || conflicts.isEmpty() || !object.groupKind().isCrd()) {
            return Optional.empty();
        }
        for (FieldConflict conflict : conflicts) {
            boolean conversion = conflict.path().equals(CONVERSION) || conflict.path().startsWith(CONVERSION + ".");
            if (!OLM_MANAGER.equals(conflict.manager()) || !conversion || !FieldRelease.isPlainPath(conflict.path())) {
                return Optional.empty();
            }
        }
        return Optional.of(new FieldRelease(OLM_MANAGER, conflicts.stream().map(FieldConflict::path).toList()));
    }
}
