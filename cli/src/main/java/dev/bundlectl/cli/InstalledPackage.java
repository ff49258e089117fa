package dev.bundlectl.cli;

import dev.bundlectl.executor.records.InstallRecord;
import dev.bundlectl.executor.records.RecordEntry;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A package installed in a namespace, as its latest install record says: what {@code status
 * --catalog} compares with the catalog. A dry run installed nothing, so its record does not count.
 *
 * @param namespace the install namespace
 * @param packageName the package
 * @param recordName the latest record's name
 * @param csvName the CSV it installed, or null when the record names none
 * @param csvVersion that CSV's version, or null when not recorded
 */
record InstalledPackage(String namespace, String packageName, String recordName, String csvName, String csvVersion) {

    private static final Comparator<InstallRecord> NEWEST_FIRST = Comparator
            .comparing(InstallRecord::startTime, Comparator.reverseOrder())
            .thenComparing(InstallRecord::name, Comparator.reverseOrder());

    /** Each package's latest record among {@code entries}, by namespace, then package. */
    static List<InstalledPackage> latest(List<RecordEntry> entries) {
        Map<List<String>, InstallRecord> latest = new LinkedHashMap<>();
        for (RecordEntry entry : entries) {
            if (entry instanceof RecordEntry.Readable readable && !readable.record().dryRun()) {
                InstallRecord record = readable.record();
                latest.merge(List.of(record.namespace(), record.packageName()), record,
                        (kept, other) -> NEWEST_FIRST.compare(kept, other) <= 0 ? kept : other);
            }
        }
        return latest.values().stream()
                .sorted(Comparator.comparing(InstallRecord::namespace).thenComparing(InstallRecord::packageName))
                .map(record -> new InstalledPackage(record.namespace(), record.packageName(), record.name(),
                        record.csvName(), record.csvVersion()))
                .toList();
    }

    /** The installed version, else the CSV's name, for a table cell. */
    String versionText() {
        return csvVersion != null ? csvVersion : csvName != null ? csvName : "-";
    }
}
