package dev.bundlectl.executor.access;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * What the acting identity lacks for one operation, found before anything was written: each
 * request the API server says it may not make, and each RBAC object it may not create because the
 * object grants (or binds) rights the identity does not hold, in the server's own words.
 *
 * @param identity the identity, as {@code Impersonation.describe()} gives it
 * @param operation what was to be done, e.g. {@code install cachebox-operator in namespace team-a}
 * @param denied the requests the server denies
 * @param refusedGrants one entry per RBAC object refused for escalation: the object, then the rules
 *     it lacks as the server lists them
 * @param otherRefusals steps the server refused with 403 for another reason than RBAC (an admission
 *     plugin), with its message
 */
public record MissingAccess(String identity, String operation, List<RequiredAccess> denied, List<String> refusedGrants,
        List<String> otherRefusals) {

    /** The marker in the API server's 403 for an RBAC object that grants more than its creator holds. */
    static final String ESCALATION = "is attempting to grant RBAC permissions not currently held:";

    public MissingAccess {
        Objects.requireNonNull(identity, "identity");
        Objects.requireNonNull(operation, "operation");
        denied = List.copyOf(denied);
        refusedGrants = List.copyOf(refusedGrants);
        otherRefusals = List.copyOf(otherRefusals);
    }

    /** Whether nothing is missing. */
    public boolean isEmpty() {
        return denied.isEmpty() && refusedGrants.isEmpty() && otherRefusals.isEmpty();
    }

    /** How many things are missing. */
    public int count() {
        return denied.size() + refusedGrants.size() + otherRefusals.size();
    }

    /** The first line of the report, e.g. {@code system:serviceaccount:ns:x may not install ...: it lacks 3 permissions}. */
    public String headline() {
        return identity + " may not " + operation + ": it lacks " + count() + (count() == 1 ? " permission" : " permissions")
                + "; nothing was written";
    }

    /** One line per missing permission, refused grant and other refusal, in that order. */
    public List<String> lines() {
        List<String> lines = new ArrayList<>();
        denied.forEach(need -> lines.add(need.line()));
        lines.addAll(refusedGrants);
        lines.addAll(otherRefusals);
        return lines;
    }

    /** The whole report on one line, for a status message or an event. */
    public String oneLine() {
        return headline() + ": " + String.join("; ", lines());
    }

    /**
     * The line for an RBAC object the server refused because it grants rights its creator does not
     * hold: the object, then the server's list of those rights, or null when {@code serverMessage}
     * is not such a refusal.
     */
    static String refusedGrant(String object, String serverMessage) {
        int at = serverMessage.indexOf(ESCALATION);
        if (at < 0) {
            return null;
        }
        String rules = serverMessage.substring(at + ESCALATION.length()).strip().replaceAll("\\s*\\n\\s*", "; ");
        return object + ": may not be created by an identity that does not hold what it grants; "
                + ESCALATION.substring(0, ESCALATION.length() - 1) + ": " + rules;
    }
}
