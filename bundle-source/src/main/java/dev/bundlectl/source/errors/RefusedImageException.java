package dev.bundlectl.source.errors;

/**
 * The image (or catalog) was fetched but is not one bundlectl accepts: a wrong digest or size, a
 * layer that would write outside its directory, a size cap exceeded, a media type other than
 * registry+v1. Nothing of it is left in the cache.
 */
public final class RefusedImageException extends SourceException {

    private static final long serialVersionUID = 1L;

    public RefusedImageException(String message) {
        super(message, null);
    }
}
