package dev.bundlectl.bundle;

import java.util.Objects;

/**
 * One finding about the input: it names the file (and document), the object and the field, so
 * that a user can find and fix it without a stack trace.
 *
 * @param severity error or warning
 * @param location the file and document; never null
 * @param object the object as {@code Kind/name}, or null when the finding is not about one object
 * @param field a dotted field path such as {@code metadata.name}, or null
 * @param message what is wrong, in words for a user
 */
public record Diagnostic(Severity severity, SourceLocation location, String object, String field, String message) {

    public Diagnostic {
        Objects.requireNonNull(severity, "severity");
        Objects.requireNonNull(location, "location");
        Objects.requireNonNull(message, "message");
    }

    public static Diagnostic error(SourceLocation location, String object, String field, String message) {
        return new Diagnostic(Severity.ERROR, location, object, field, message);
    }

    public static Diagnostic warning(SourceLocation location, String object, String field, String message) {
        return new Diagnostic(Severity.WARNING, location, object, field, message);
    }

    /** One line: {@code error: manifests/x.yaml[doc 1]: Deployment/foo: field spec: message}. */
    @Override
    public String toString() {
        StringBuilder line = new StringBuilder(severity == Severity.ERROR ? "error: " : "warning: ");
        line.append(location);
        if (object != null) {
            line.append(": ").append(object);
        }
        if (field != null) {
            line.append(": field ").append(field);
        }
        return line.append(": ").append(message).toString();
    }
}
