package dev.bundlectl.executor.records;

/**
 * A record as stored: gzip-compressed JSON.
 *
 * @param gzip the compressed bytes; the Secret's data holds exactly these
 * @param jsonBytes the size of the JSON before compression
 * @param shortenedMessages how many step messages were cut to fit the size limit
 */
public record EncodedRecord(byte[] gzip, int jsonBytes, int shortenedMessages) {

    /** The compressed size, which counts against the API server's 1 MiB Secret limit. */
    public int size() {
        return gzip.length;
    }
}
