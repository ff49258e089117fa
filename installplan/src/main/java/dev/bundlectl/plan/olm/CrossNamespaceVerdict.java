package dev.bundlectl.plan.olm;

import java.util.Objects;

/** What OLM's rules across namespaces say about installing a CSV into a namespace (docs/semantics.md §6). */
public sealed interface CrossNamespaceVerdict permits CrossNamespaceVerdict.Clear, CrossNamespaceVerdict.Assumed,
        CrossNamespaceVerdict.AlreadyServed, CrossNamespaceVerdict.Refused {

    /** Nothing elsewhere stands in the way. */
    CrossNamespaceVerdict CLEAR = new Clear();

    /** Nothing elsewhere stands in the way, as far as the cluster says. */
    record Clear() implements CrossNamespaceVerdict {
    }

    /**
     * The other namespaces were not read (offline, or not allowed); nothing is predicted.
     *
     * @param note what was assumed, an {@link OlmNotes} note for the CSV's step
     */
    record Assumed(String note) implements CrossNamespaceVerdict {
        public Assumed {
            Objects.requireNonNull(note, "note");
        }
    }

    /**
     * The same operator already runs in another namespace and serves this one: there is nothing
     * to install, and nothing is written.
     *
     * @param copy OLM's copy of its CSV in this namespace
     * @param message what to tell the user, naming where it runs
     */
    record AlreadyServed(CopiedCsv copy, String message) implements CrossNamespaceVerdict {
        public AlreadyServed {
            Objects.requireNonNull(copy, "copy");
            Objects.requireNonNull(message, "message");
        }
    }

    /**
     * OLM would not run the CSV here, or it is not a second install but another's upgrade.
     *
     * @param message the CSV step's message, with OLM's reason where OLM has one
     */
    record Refused(String message) implements CrossNamespaceVerdict {
        public Refused {
            Objects.requireNonNull(message, "message");
        }
    }
}
