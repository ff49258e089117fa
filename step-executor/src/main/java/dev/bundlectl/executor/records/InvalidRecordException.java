package dev.bundlectl.executor.records;

/**
 * A Secret that should hold an install record does not: it is corrupted, foreign, or written by a
 * newer bundlectl.
 */
public final class InvalidRecordException extends InstallRecordException {

    private final String source;

    /**
     * @param source what was read, e.g. {@code Secret ns/name}
     * @param problem what is wrong with it
     * @param cause the underlying error, or null
     */
    public InvalidRecordException(String source, String problem, Throwable cause) {
        super(source + ": " + problem, cause);
        this.source = source;
    }

    /** What was read, e.g. {@code Secret ns/name}. */
    public String source() {
        return source;
    }
}
