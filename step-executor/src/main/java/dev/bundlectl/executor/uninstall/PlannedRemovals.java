package dev.bundlectl.executor.uninstall;

import dev.bundlectl.bundle.kinds.GroupKind;
import dev.bundlectl.executor.customresources.CrdContents;
import dev.bundlectl.executor.records.CreatedObject;
import dev.bundlectl.executor.records.InstallRecord;
import java.util.List;
import java.util.Objects;

/**
 * What an uninstall of one package will do, decided before it does any of it: the package's
 * records, and one removal for every object any of them owns, in the order they are removed.
 *
 * @param namespace the install namespace
 * @param packageName the package
 * @param records the package's records in the namespace, newest first
 * @param owned the objects the records own, in removal order
 * @param removals each owned object's removal, in the same order
 * @param options what the removals were decided with, to decide again an object that changes
 * @param operatorGroupsKeptBecause why the namespace's OperatorGroup stays (other packages use it), or empty
 * @param departed why the install namespace counts as gone (being deleted, or gone), when only what
 *     lies outside it is removed; null for an uninstall from a living namespace
 * @param crdContents what each CRD the removals delete holds, in removal order: its custom resources
 *     go first (docs/semantics.md §8, "Removing CRDs"); empty when no CRD is deleted
 */
record PlannedRemovals(String namespace, String packageName, List<InstallRecord> records, List<CreatedObject> owned,
        List<Removal> removals, UninstallOptions options, String operatorGroupsKeptBecause, String departed,
        List<CrdContents> crdContents) {

    PlannedRemovals {
        Objects.requireNonNull(namespace, "namespace");
        Objects.requireNonNull(packageName, "packageName");
        records = List.copyOf(records);
        owned = List.copyOf(owned);
        removals = List.copyOf(removals);
        crdContents = List.copyOf(crdContents);
        Objects.requireNonNull(options, "options");
        Objects.requireNonNull(operatorGroupsKeptBecause, "operatorGroupsKeptBecause");
        if (owned.size() != removals.size()) {
            throw new IllegalArgumentException("one removal per owned object");
        }
    }

    /** The names of the CRDs the removals delete, in removal order. */
    static List<String> deletedCrds(List<Removal> removals) {
        return removals.stream().filter(removal -> removal instanceof Removal.Delete && GroupKind.CUSTOM_RESOURCE_DEFINITION
                .equals(new GroupKind(removal.object().group(), removal.object().kind())))
                .map(removal -> removal.object().name()).toList();
    }
}
