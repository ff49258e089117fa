package dev.bundlectl.source.errors;

/**
 * A file-based catalog that cannot be read (a malformed blob, naming its file and field) or a
 * selection it cannot satisfy (unknown package, channel or version; an ambiguous channel head).
 */
public final class CatalogException extends SourceException {

    private static final long serialVersionUID = 1L;

    public CatalogException(String message) {
        super(message, null);
    }
}
