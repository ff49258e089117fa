package dev.bundlectl.plan.upgrade;

import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * What the latest install record of a package in a namespace says was installed.
 *
 * @param packageName the package
 * @param csvName the CSV it installed, or null when the record names none
 * @param version the CSV's {@code spec.version}, or null (records written before versions were kept)
 * @param recordName the record's name
 * @param objects the objects it owns (created by it, or by an earlier install and kept since)
 * @param pendingRemovals those of its objects that an upgrade was to remove and did not (the new
 *     version did not run yet, or an earlier step failed): a re-run of the same version removes them
 */
public record InstalledVersion(String packageName, String csvName, String version, String recordName,
        List<InstalledObject> objects, Set<ObjectKey> pendingRemovals) {

    public InstalledVersion {
        Objects.requireNonNull(packageName, "packageName");
        Objects.requireNonNull(recordName, "recordName");
        objects = objects == null ? List.of() : List.copyOf(objects);
        pendingRemovals = pendingRemovals == null ? Set.of() : Set.copyOf(pendingRemovals);
    }

    /** An installed version with no removal pending. */
    public InstalledVersion(String packageName, String csvName, String version, String recordName,
            List<InstalledObject> objects) {
        this(packageName, csvName, version, recordName, objects, Set.of());
    }

    /** {@code NAME (VERSION)}, or just the CSV name when the version is unknown. */
    public String describe() {
        return UpgradeDecision.describe(csvName, version);
    }
}
