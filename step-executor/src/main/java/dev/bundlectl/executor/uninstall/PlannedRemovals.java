package dev.bundlectl.executor.uninstall;

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
 * @param removals the removals, in order
 */
record PlannedRemovals(String namespace, String packageName, List<InstallRecord> records, List<Removal> removals) {

    PlannedRemovals {
        Objects.requireNonNull(namespace, "namespace");
        Objects.requireNonNull(packageName, "packageName");
        records = List.copyOf(records);
        removals = List.copyOf(removals);
    }
}
