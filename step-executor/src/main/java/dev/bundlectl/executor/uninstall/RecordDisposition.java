package dev.bundlectl.executor.uninstall;

import java.util.Objects;

/**
 * What happened to the install record at the end of an uninstall.
 *
 * @param kind the outcome
 * @param detail one line for the user
 */
public record RecordDisposition(Kind kind, String detail) {

    public RecordDisposition {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(detail, "detail");
    }

    /** Outcomes for the record. */
    public enum Kind {
        /** Every object was dealt with, and the record was deleted. */
        DELETED,
        /** Every object was dealt with; the record was already gone. */
        ALREADY_GONE,
        /** Some deletions failed, so the record was kept for another attempt. */
        KEPT,
        /** Every object was dealt with, but deleting the record failed. */
        DELETE_FAILED,
        /**
         * The namespace is being deleted (or is gone): what lay outside it was dealt with, and the
         * records go with the rest of its contents.
         */
        GO_WITH_NAMESPACE
    }
}
