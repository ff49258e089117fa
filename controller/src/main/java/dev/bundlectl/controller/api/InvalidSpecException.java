package dev.bundlectl.controller.api;

/** A BundleInstall spec that cannot be acted on; the message names the field, in one line. */
public final class InvalidSpecException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** @param message one line naming the field */
    public InvalidSpecException(String message) {
        super(message);
    }
}
