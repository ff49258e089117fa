package dev.bundlectl.executor.lock;

/** How one write of a lock's Lease ended ({@link LeaseRequests}). */
sealed interface WriteOutcome permits WriteOutcome.Written, WriteOutcome.Refused {

    /** The server holds the write; {@code resourceVersion} is the Lease's version after it. */
    record Written(String resourceVersion) implements WriteOutcome {
    }

    /**
     * Someone else wrote (or deleted) the Lease since the version the write was made on; nothing
     * of this write is stored. {@code now} is the Lease as it was read after the refusal.
     */
    record Refused(LockState now) implements WriteOutcome {
    }
}
