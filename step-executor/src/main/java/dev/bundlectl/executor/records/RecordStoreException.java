package dev.bundlectl.executor.records;

/** The API server refused or failed a record operation, e.g. 403 on listing Secrets. */
public final class RecordStoreException extends InstallRecordException {

    /**
     * @param message what was attempted and the API's answer
     * @param cause the client error
     */
    public RecordStoreException(String message, Throwable cause) {
        super(message, cause);
    }
}
