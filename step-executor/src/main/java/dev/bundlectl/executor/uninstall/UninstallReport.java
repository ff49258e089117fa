package dev.bundlectl.executor.uninstall;

import java.util.List;
import java.util.Objects;

/**
 * The result of an uninstall.
 *
 * @param namespace the record's namespace
 * @param recordName the record's name
 * @param results one result per created object, in the order they were handled
 * @param record what happened to the record
 */
public record UninstallReport(String namespace, String recordName, List<DeletionResult> results,
        RecordDisposition record) {

    public UninstallReport {
        results = List.copyOf(results);
        Objects.requireNonNull(record, "record");
    }

    /** The objects that could not be deleted. */
    public List<DeletionResult> failures() {
        return results.stream().filter(DeletionResult.Failed.class::isInstance).toList();
    }

    /** Whether every object was deleted, gone, kept or skipped on purpose, and the record is gone. */
    public boolean succeeded() {
        return failures().isEmpty()
                && (record.kind() == RecordDisposition.Kind.DELETED
                        || record.kind() == RecordDisposition.Kind.ALREADY_GONE);
    }
}
