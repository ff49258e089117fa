package dev.bundlectl.source.reference;

import java.nio.file.Path;
import java.util.Optional;

/**
 * {@code oci-archive:FILE[:tag|@digest]}: an OCI image layout packed in a tar file.
 *
 * @param archive the tar file
 * @param tag the {@code org.opencontainers.image.ref.name} to pick, or null
 * @param pinnedDigest the manifest digest to pick, or null
 */
public record OciArchiveReference(Path archive, String tag, Digest pinnedDigest) implements ImageReference {

    @Override
    public Optional<Digest> digest() {
        return Optional.ofNullable(pinnedDigest);
    }

    @Override
    public String text() {
        return "oci-archive:" + archive + (tag != null ? ":" + tag : "") + (pinnedDigest != null ? "@" + pinnedDigest : "");
    }

    @Override
    public String pinned(Digest digest) {
        return "oci-archive:" + archive + "@" + digest;
    }
}
