package dev.bundlectl.executor.uninstall;

import dev.bundlectl.executor.records.ObjectRef;
import java.util.Objects;

/** What uninstall did with one object the install created. */
public sealed interface DeletionResult permits DeletionResult.Deleted, DeletionResult.AlreadyGone,
        DeletionResult.Kept, DeletionResult.Released, DeletionResult.Skipped, DeletionResult.Failed {

    /** The object. */
    ObjectRef object();

    /** The outcome's name, e.g. {@code Deleted}: the name of the variant. */
    default String outcome() {
        return getClass().getSimpleName();
    }

    /** Why, or null when the outcome says it all. */
    String detail();

    /** One line for the user, e.g. {@code Deleted ServiceAccount/ns/name}. */
    default String line() {
        String text = outcome() + " " + object().displayName();
        return detail() == null ? text : text + ": " + detail();
    }

    /**
     * The API server accepted the delete request. Finalizers may still hold the object for a while.
     *
     * @param object the object
     */
    record Deleted(ObjectRef object) implements DeletionResult {
        public Deleted {
            Objects.requireNonNull(object, "object");
        }

        @Override
        public String detail() {
            return null;
        }
    }

    /**
     * The object no longer exists, or is already being deleted; it counts as deleted.
     *
     * @param object the object
     * @param detail why it is gone when more is known, or null
     */
    record AlreadyGone(ObjectRef object, String detail) implements DeletionResult {
        public AlreadyGone {
            Objects.requireNonNull(object, "object");
        }
    }

    /**
     * The object was left on purpose, e.g. a CRD without {@code deleteCrds}.
     *
     * @param object the object
     * @param detail why it was kept
     */
    record Kept(ObjectRef object, String detail) implements DeletionResult {
        public Kept {
            Objects.requireNonNull(object, "object");
            Objects.requireNonNull(detail, "detail");
        }
    }

    /**
     * The object stays, because another install owns it too (docs/semantics.md §8): this install
     * gave up its own ownership (its mark, and the fields only it applied) and left it to them.
     *
     * @param object the object
     * @param detail who still owns it
     */
    record Released(ObjectRef object, String detail) implements DeletionResult {
        public Released {
            Objects.requireNonNull(object, "object");
            Objects.requireNonNull(detail, "detail");
        }
    }

    /**
     * The object was not deleted because it is no longer the one the install created: its uid
     * differs from the recorded one.
     *
     * @param object the object
     * @param detail the recorded and the live uid
     */
    record Skipped(ObjectRef object, String detail) implements DeletionResult {
        public Skipped {
            Objects.requireNonNull(object, "object");
            Objects.requireNonNull(detail, "detail");
        }
    }

    /**
     * The object could not be deleted.
     *
     * @param object the object
     * @param detail the API's answer
     */
    record Failed(ObjectRef object, String detail) implements DeletionResult {
        public Failed {
            Objects.requireNonNull(object, "object");
            Objects.requireNonNull(detail, "detail");
        }
    }
}
