package dev.bundlectl.executor.records;

import java.util.List;

/**
 * What {@link InstallRecordStore#deleteOlderRecords} did with the other records of a package.
 *
 * @param deleted the records that started no later than the uninstalled one, now deleted
 * @param newer the records that started after it, kept because they may name objects still there
 */
public record OlderRecords(List<String> deleted, List<String> newer) {

    public OlderRecords {
        deleted = List.copyOf(deleted);
        newer = List.copyOf(newer);
    }
}
