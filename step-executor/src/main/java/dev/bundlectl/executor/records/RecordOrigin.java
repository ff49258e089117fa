package dev.bundlectl.executor.records;

import java.time.Instant;
import java.util.Objects;

/**
 * What an install record knows about its run that the plan does not say. The executor makes one
 * per run and passes the same one to every save, so that every save of a run names the same
 * record.
 *
 * @param namespace the install namespace, where the record is kept
 * @param packageName the bundle's package
 * @param bundlePath the bundle directory or image the run installed from
 * @param bundleDigest a digest of the bundle's contents, or null
 * @param dryRun whether the run was a dry run
 * @param startTime when the run started; it also names the record
 */
public record RecordOrigin(String namespace, String packageName, String bundlePath, String bundleDigest,
        boolean dryRun, Instant startTime) {

    public RecordOrigin {
        Objects.requireNonNull(namespace, "namespace");
        Objects.requireNonNull(packageName, "packageName");
        Objects.requireNonNull(startTime, "startTime");
    }

    /** The name of the record of this run. */
    public String recordName() {
        return RecordNames.recordName(packageName, startTime);
    }
}
