package dev.bundlectl.source.errors;

/** The registry could not be reached, refused the credentials, or kept failing after retries. */
public final class RegistryUnavailableException extends SourceException {

    private static final long serialVersionUID = 1L;

    public RegistryUnavailableException(String message) {
        super(message, null);
    }

    public RegistryUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
