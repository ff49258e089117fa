package dev.bundlectl.executor.records;

/** A record that stays over the size limit even with its step messages shortened. */
public final class RecordTooLargeException extends InstallRecordException {

    /** @param message what was too large, by how much, and what was tried */
    public RecordTooLargeException(String message) {
        super(message, null);
    }
}
