package dev.bundlectl.executor.records;

import java.time.Instant;
import java.util.Objects;

/** One Secret found while listing records: a record, or a Secret that claims to be one and is not readable. */
public sealed interface RecordEntry permits RecordEntry.Readable, RecordEntry.Unreadable {

    /** The namespace of the Secret. */
    String namespace();

    /** The name of the Secret. */
    String name();

    /** The run's start time, or null when not even the Secret's metadata says; entries sort on it. */
    Instant startTime();

    /**
     * A record that decoded cleanly.
     *
     * @param record the record
     */
    record Readable(InstallRecord record) implements RecordEntry {

        public Readable {
            Objects.requireNonNull(record, "record");
        }

        @Override
        public String namespace() {
            return record.namespace();
        }

        @Override
        public String name() {
            return record.name();
        }

        @Override
        public Instant startTime() {
            return record.startTime();
        }
    }

    /**
     * A Secret that claims to be a record but cannot be read.
     *
     * @param namespace the Secret's namespace
     * @param name the Secret's name
     * @param startTime the start time its metadata gives, or null
     * @param error why it cannot be read; its message names the Secret
     */
    record Unreadable(String namespace, String name, Instant startTime, InvalidRecordException error)
            implements RecordEntry {

        public Unreadable {
            Objects.requireNonNull(error, "error");
        }
    }
}
