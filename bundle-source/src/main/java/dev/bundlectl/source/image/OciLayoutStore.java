package dev.bundlectl.source.image;

import dev.bundlectl.source.registry.ContentStore;
import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.source.errors.BadReferenceException;
import dev.bundlectl.source.errors.RefusedImageException;
import dev.bundlectl.source.reference.Digest;
import dev.bundlectl.source.registry.Descriptor;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * An OCI image layout directory ({@code index.json}, {@code blobs/sha256/...}) as a content store.
 * Blobs are read in place and verified; only regular files inside the layout are read. File work
 * runs on a worker thread.
 */
public final class OciLayoutStore implements ContentStore {

    private static final String REF_NAME = "org.opencontainers.image.ref.name";
    private static final long MAX_INDEX = 4L * 1024 * 1024;

    private final Vertx vertx;
    private final Path layout;
    private final String tag;

    /**
     * @param tag the {@code org.opencontainers.image.ref.name} to pick when asked for no digest;
     *     null picks the layout's only image
     */
    public OciLayoutStore(Vertx vertx, Path layout, String tag) {
        this.vertx = vertx;
        this.layout = layout;
        this.tag = tag;
    }

    @Override
    public Future<FetchedManifest> manifest(String reference, Path scratch) {
        return vertx.executeBlocking(() -> {
            if (reference != null && Digest.isDigest(reference)) {
                Digest digest = Digest.parse(reference);
                Path file = blobPath(digest);
                Digest actual = BlobFiles.digest(file, MAX_INDEX, describe() + " manifest " + reference);
                if (!actual.equals(digest)) {
                    throw new RefusedImageException(describe() + ": manifest " + reference + " has digest " + actual
                            + " (wrong digest)");
                }
                return new FetchedManifest(file, null, digest);
            }
            Descriptor chosen = fromIndex();
            Path file = blobPath(chosen.digest());
            BlobFiles.verify(file, chosen, describe() + " manifest " + chosen.digest());
            return new FetchedManifest(file, chosen.mediaType(), chosen.digest());
        }, false);
    }

    private Descriptor fromIndex() throws IOException {
        Path index = layout.resolve("index.json");
        if (!Files.isRegularFile(index, java.nio.file.LinkOption.NOFOLLOW_LINKS) || Files.size(index) > MAX_INDEX) {
            throw new RefusedImageException(describe() + ": index.json is missing, not a regular file, or too large");
        }
        JsonNode manifests = ImageDocuments.parse(Files.readAllBytes(index), describe() + " index.json").path("manifests");
        List<String> names = new ArrayList<>();
        for (int i = 0; i < manifests.size(); i++) {
            JsonNode entry = manifests.get(i);
            String name = entry.path("annotations").path(REF_NAME).asText("");
            if (tag != null && (name.equals(tag) || name.endsWith(":" + tag))) {
                return ImageDocuments.descriptor(entry, describe() + " index.json manifests[" + i + "]");
            }
            names.add(name.isEmpty() ? "(untagged)" : name);
        }
        if (tag == null && manifests.size() == 1) {
            return ImageDocuments.descriptor(manifests.get(0), describe() + " index.json manifests[0]");
        }
        throw new BadReferenceException(describe() + ": " + (tag == null ? "holds " + manifests.size()
                + " images; name one with :TAG" : "no image tagged " + tag) + " (it has: " + String.join(", ", names) + ")");
    }

    @Override
    public Future<Path> blob(Descriptor descriptor, Path scratch) {
        return vertx.executeBlocking(() -> {
            Path file = blobPath(descriptor.digest());
            BlobFiles.verify(file, descriptor, "blob " + descriptor.digest() + " of " + describe());
            return file;
        }, false);
    }

    private Path blobPath(Digest digest) {
        return layout.resolve("blobs").resolve("sha256").resolve(digest.hex());
    }

    @Override
    public String describe() {
        return "oci-layout:" + layout;
    }
}
