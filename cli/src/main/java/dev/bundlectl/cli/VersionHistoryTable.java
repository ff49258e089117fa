package dev.bundlectl.cli;

import dev.bundlectl.executor.records.InstallRecord;
import dev.bundlectl.executor.records.RecordEntry;
import dev.bundlectl.executor.records.VersionHistoryEntry;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The versions of each package installed in a namespace, for {@code status}: read from the
 * newest record of the package, which carries the history forward (so it survives the pruning of
 * older records). The listing shows it for packages that have had more than one version; with one
 * version, the records' own table already says everything.
 */
final class VersionHistoryTable {

    private static final List<String> HEADERS =
            List.of("NAMESPACE", "PACKAGE", "VERSION", "CSV", "PHASE", "INSTALLED", "RECORD");

    private VersionHistoryTable() {
    }

    /**
     * Prints a history table for the packages of these entries (newest first) that have had more
     * than one version; nothing when none has.
     */
    static void print(List<RecordEntry> entries, PrintWriter out) {
        Map<String, InstallRecord> newest = new LinkedHashMap<>();
        for (RecordEntry entry : entries) {
            if (entry instanceof RecordEntry.Readable readable && !readable.record().dryRun()) {
                InstallRecord record = readable.record();
                newest.putIfAbsent(record.namespace() + "\u0000" + record.packageName(), record);
            }
        }
        newest.values().removeIf(record -> history(record).size() < 2);
        if (newest.isEmpty()) {
            return;
        }
        TextTable table = new TextTable(HEADERS);
        for (InstallRecord record : newest.values()) {
            for (VersionHistoryEntry version : history(record)) {
                table.row(List.of(record.namespace(), record.packageName(), orDash(version.version())
                                + (version.rolledBackFrom() == null ? "" : " (rollback)"),
                        orDash(version.csvName()), version.phase().wireName(), version.startTime().toString(),
                        version.recordName()));
            }
        }
        out.println();
        out.println("Version history (oldest first):");
        table.print(out);
    }

    /**
     * e.g. {@code 0.1.0 (Complete) -> 0.2.0 (Complete)}, oldest first; a rollback says where it went back
     * from: {@code -> 0.1.0 (Complete, rolled back from 0.2.0)}.
     */
    static String line(InstallRecord record) {
        List<String> parts = new ArrayList<>();
        for (VersionHistoryEntry version : history(record)) {
            String name = version.version() != null ? version.version() : orDash(version.csvName());
            parts.add(name + " (" + version.phase().wireName()
                    + (version.rolledBackFrom() == null ? "" : ", rolled back from " + version.rolledBackFrom()) + ")");
        }
        return String.join(" -> ", parts);
    }

    /** The record's history; a record written before histories were kept stands for itself. */
    private static List<VersionHistoryEntry> history(InstallRecord record) {
        return record.versionHistory().isEmpty() ? List.of(VersionHistoryEntry.of(record)) : record.versionHistory();
    }

    private static String orDash(String value) {
        return value == null ? "-" : value;
    }
}
