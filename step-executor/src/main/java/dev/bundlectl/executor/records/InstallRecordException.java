package dev.bundlectl.executor.records;

/**
 * Why an install record could not be read, written or found. The message is one line meant for
 * the user; it names the Secret or namespace concerned. Futures of {@link InstallRecordStore}
 * complete exceptionally with one of these, wrapped in a {@link java.util.concurrent.CompletionException}
 * by {@code join()}.
 */
public abstract sealed class InstallRecordException extends RuntimeException
        permits InvalidRecordException, RecordTooLargeException, RecordStoreException {

    InstallRecordException(String message, Throwable cause) {
        super(message, cause);
    }
}
