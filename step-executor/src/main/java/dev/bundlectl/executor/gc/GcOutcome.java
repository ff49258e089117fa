package dev.bundlectl.executor.gc;

import java.util.Objects;

/** What became of one leftover. */
public sealed interface GcOutcome {

    /** The leftover. */
    Leftover leftover();

    /** One line for the user, starting with what happened. */
    String line();

    /** Listed only: deletion was not asked for. */
    record Found(Leftover leftover) implements GcOutcome {
        @Override
        public String line() {
            return "Leftover " + leftover.describe();
        }
    }

    /** A CRD, listed and kept: CRDs are deleted only when asked for, since their custom resources go with them. */
    record Kept(Leftover leftover) implements GcOutcome {
        @Override
        public String line() {
            return "Kept " + leftover.describe() + "; CRDs are deleted only with --delete-crds";
        }
    }

    /** Deleted. */
    record Deleted(Leftover leftover) implements GcOutcome {
        @Override
        public String line() {
            return "Deleted " + leftover.describe();
        }
    }

    /** Gone before its deletion was sent. */
    record AlreadyGone(Leftover leftover) implements GcOutcome {
        @Override
        public String line() {
            return "Already gone " + leftover.object().ref().displayName();
        }
    }

    /**
     * Not deleted: the server refused, or the object changed (or was replaced) since it was read,
     * which the DELETE's uid and resourceVersion preconditions catch.
     *
     * @param detail why
     */
    record Failed(Leftover leftover, String detail) implements GcOutcome {
        public Failed {
            Objects.requireNonNull(detail, "detail");
        }

        @Override
        public String line() {
            return "Failed " + leftover.object().ref().displayName() + ": " + detail;
        }
    }
}
