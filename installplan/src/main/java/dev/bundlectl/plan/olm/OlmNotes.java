package dev.bundlectl.plan.olm;

/**
 * The messages an OLM-mode plan leaves on steps it adds, which say where a step came from or what
 * was assumed, and predict no failure (a planner's message on an {@code Unknown} step otherwise
 * says why it will fail).
 */
public final class OlmNotes {

    /** Every such message starts so. */
    public static final String PREFIX = "OLM mode: ";
    /** On a ServiceAccount or RBAC object that OLM's InstallPlan would generate. */
    public static final String GENERATED = PREFIX + "generated from the CSV's permissions, as OLM's InstallPlan does";

    private OlmNotes() {
    }

    /** Whether this message is such a note. */
    public static boolean isNoteOnly(String message) {
        return message != null && message.startsWith(PREFIX);
    }
}
