package dev.bundlectl.source.image;

import dev.bundlectl.source.reference.Digest;
import java.nio.file.Path;

/**
 * An image turned into a local directory.
 *
 * @param reference the reference as given
 * @param digest the digest the reference resolved to (of the index, when it named one), which
 *     pins exactly this content
 * @param directory the cache entry: {@code manifests/} and {@code metadata/} for a bundle,
 *     {@code configs/} for a catalog
 * @param fromCache whether no blob had to be fetched
 */
public record PulledImage(String reference, Digest digest, Path directory, boolean fromCache) {
}
