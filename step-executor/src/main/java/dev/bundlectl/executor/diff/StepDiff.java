package dev.bundlectl.executor.diff;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Objects;

/**
 * What one step of a plan would change in its object. The objects held are normalised ({@link
 * ObjectNormalisation}) with Secret values redacted ({@link SecretValues}), so that any of them may
 * be shown or stored; they are not to be modified.
 */
public sealed interface StepDiff {

    /** The object the step is about. */
    DiffSubject subject();

    /** Whether applying the step would change the cluster (an update, a create or a delete). */
    default boolean changes() {
        return this instanceof Changed || this instanceof Created || this instanceof Deleted;
    }

    /**
     * The object exists and the install would change it.
     *
     * @param live the object as it is now
     * @param planned the object as the server's dry run of the install's write would leave it
     */
    record Changed(DiffSubject subject, ObjectNode live, ObjectNode planned) implements StepDiff {
        public Changed {
            Objects.requireNonNull(subject, "subject");
            Objects.requireNonNull(live, "live");
            Objects.requireNonNull(planned, "planned");
        }
    }

    /**
     * The object does not exist and the install would create it.
     *
     * @param planned the object as the server's dry run of the create would leave it
     */
    record Created(DiffSubject subject, ObjectNode planned) implements StepDiff {
        public Created {
            Objects.requireNonNull(subject, "subject");
            Objects.requireNonNull(planned, "planned");
        }
    }

    /**
     * An upgrade would delete the object: the installed version owns it and the new one lacks it.
     *
     * @param live the object as it is now
     */
    record Deleted(DiffSubject subject, ObjectNode live) implements StepDiff {
        public Deleted {
            Objects.requireNonNull(subject, "subject");
            Objects.requireNonNull(live, "live");
        }
    }

    /** The install would leave the object as it is (or as it is not: a removal already gone). */
    record Unchanged(DiffSubject subject) implements StepDiff {
        public Unchanged {
            Objects.requireNonNull(subject, "subject");
        }
    }

    /**
     * The step could not be compared.
     *
     * @param cause why, in one word
     * @param reason why, in the server's or the plan's words
     */
    record NotDiffable(DiffSubject subject, Cause cause, String reason) implements StepDiff {
        public NotDiffable {
            Objects.requireNonNull(subject, "subject");
            Objects.requireNonNull(cause, "cause");
            Objects.requireNonNull(reason, "reason");
        }
    }

    /** Why a step could not be compared. */
    enum Cause {
        /** The plan never sends it (NotCreated, UnsupportedResource). */
        NOT_SENT,
        /** The server refused the dry run of its write: the install would fail on it. */
        REFUSED,
        /** The server did not judge it: a custom resource of a CRD the plan creates, a server that did not answer. */
        NOT_JUDGED,
        /** The live object could not be read (forbidden, its API not served, no answer). */
        UNREADABLE
    }
}
