package dev.bundlectl.executor.records;

import dev.bundlectl.plan.model.InstallPlanPhase;
import java.time.Instant;
import java.util.Objects;

/**
 * One version of a package installed in a namespace, as the history carried in each install
 * record keeps it. Retention prunes old records, so each record carries the history forward.
 *
 * @param csvName the CSV, or null for a plan without one
 * @param version the CSV's {@code spec.version}, or null when unknown
 * @param startTime when the (latest) install of this version started
 * @param phase how that install ended, or {@code Installing} while it runs
 * @param recordName the record of that install
 * @param rolledBackFrom the version (or CSV) this install went back from, when it went to a lower
 *     version than the one installed (a rollback, docs/semantics.md §9); null otherwise, and in
 *     records written before rollbacks were kept
 */
public record VersionHistoryEntry(String csvName, String version, Instant startTime, InstallPlanPhase phase,
        String recordName, String rolledBackFrom) {

    public VersionHistoryEntry {
        Objects.requireNonNull(startTime, "startTime");
        Objects.requireNonNull(phase, "phase");
        Objects.requireNonNull(recordName, "recordName");
    }

    /** The entry a record stands for: its own run. */
    public static VersionHistoryEntry of(InstallRecord record) {
        return new VersionHistoryEntry(record.csvName(), record.csvVersion(), record.startTime(), record.phase(),
                record.name(), null);
    }
}
