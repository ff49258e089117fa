package dev.bundlectl.source;

import dev.bundlectl.source.reference.Digest;
import java.nio.file.Path;
import java.util.Optional;

/**
 * A source turned into a directory the bundle reader reads.
 *
 * @param directory the bundle directory (the user's own, or a cache entry)
 * @param image where an image came from, empty for a plain directory
 */
public record ResolvedSource(Path directory, Optional<ImageOrigin> image) {

    /**
     * @param reference the image reference as given (or as the catalog named it)
     * @param digest the digest it resolved to
     * @param pinned a reference to exactly that digest, which resolves to the same content later
     */
    public record ImageOrigin(String reference, Digest digest, String pinned) {
    }
}
