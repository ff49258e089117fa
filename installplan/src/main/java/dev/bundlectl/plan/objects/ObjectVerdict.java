package dev.bundlectl.plan.objects;

import java.util.Objects;

/** Whether the API server would accept an object, as far as can be told offline. */
public sealed interface ObjectVerdict permits ObjectVerdict.Accepted, ObjectVerdict.Rejected {

    /** The verdict for an object with no predicted problem. */
    ObjectVerdict ACCEPTED = new Accepted();

    /** No problem found; the server may still refuse it for reasons only it can know. */
    record Accepted() implements ObjectVerdict {
    }

    /**
     * The server would refuse the object.
     *
     * @param message the server's answer, e.g. {@code ConfigMap "My_Config!" is invalid: metadata.name: …}
     */
    record Rejected(String message) implements ObjectVerdict {
        public Rejected {
            Objects.requireNonNull(message, "message");
        }
    }
}
