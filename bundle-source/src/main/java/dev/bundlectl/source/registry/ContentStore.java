package dev.bundlectl.source.registry;

import dev.bundlectl.source.reference.Digest;
import dev.bundlectl.source.registry.Descriptor;
import io.vertx.core.Future;
import java.nio.file.Path;

/**
 * Where an image's manifests and blobs come from: a registry repository or an OCI layout. Every
 * piece handed back has been checked against its digest (and size, when known beforehand).
 */
public interface ContentStore {

    /**
     * A manifest or index by tag or digest, written to a file under {@code scratch}.
     *
     * @param reference a tag, or {@code sha256:...}
     */
    Future<FetchedManifest> manifest(String reference, Path scratch);

    /** A blob, verified against the descriptor; the file may be under {@code scratch} or the store's own. */
    Future<Path> blob(Descriptor descriptor, Path scratch);

    /** The store, for messages: a registry repository or a layout path. */
    String describe();

    /**
     * @param file the manifest bytes
     * @param mediaType the media type the store declared, or null (then the document's own field counts)
     * @param digest the digest of the bytes
     */
    record FetchedManifest(Path file, String mediaType, Digest digest) {
    }
}
