package dev.bundlectl.source.errors;

/** The user's reference, catalog selection or source option is malformed or names nothing. */
public final class BadReferenceException extends SourceException {

    private static final long serialVersionUID = 1L;

    public BadReferenceException(String message) {
        super(message, null);
    }
}
