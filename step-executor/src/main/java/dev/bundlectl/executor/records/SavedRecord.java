package dev.bundlectl.executor.records;

import java.util.List;

/**
 * The outcome of saving a record.
 *
 * @param namespace the Secret's namespace
 * @param name the Secret's name
 * @param storedBytes the size of the Secret's data (the compressed record)
 * @param shortenedMessages how many step messages were cut to fit the size limit
 * @param pruned the older records of the same package that retention deleted
 * @param warnings retention problems that did not stop the save, one line each
 */
public record SavedRecord(String namespace, String name, int storedBytes, int shortenedMessages,
        List<String> pruned, List<String> warnings) {

    public SavedRecord {
        pruned = pruned == null ? List.of() : List.copyOf(pruned);
        warnings = warnings == null ? List.of() : List.copyOf(warnings);
    }
}
