package dev.bundlectl.source.errors;

/**
 * Why a bundle source could not be turned into a local directory. Each subclass says whose fault
 * it is, so the command line can pick the exit code without parsing messages; the message is one
 * line and never holds a credential or a token.
 */
public abstract sealed class SourceException extends RuntimeException
        permits BadReferenceException, CatalogException, RefusedImageException, RegistryUnavailableException {

    private static final long serialVersionUID = 1L;

    protected SourceException(String message, Throwable cause) {
        super(message, cause);
    }
}
