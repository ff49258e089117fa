package dev.bundlectl.source.reference;

import java.nio.file.Path;
import java.util.Optional;

/**
 * {@code oci-layout:DIR[:tag|@digest]}: an OCI image layout directory ({@code oci-layout},
 * {@code index.json}, {@code blobs/}).
 *
 * @param directory the layout directory
 * @param tag the {@code org.opencontainers.image.ref.name} to pick, or null
 * @param pinnedDigest the manifest digest to pick, or null
 */
public record OciLayoutReference(Path directory, String tag, Digest pinnedDigest) implements ImageReference {

    @Override
    public Optional<Digest> digest() {
        return Optional.ofNullable(pinnedDigest);
    }

    @Override
    public String text() {
        return "oci-layout:" + directory + (tag != null ? ":" + tag : "") + (pinnedDigest != null ? "@" + pinnedDigest : "");
    }

    @Override
    public String pinned(Digest digest) {
        return "oci-layout:" + directory + "@" + digest;
    }
}
