package dev.bundlectl.source.reference;

import java.util.Optional;

/**
 * {@code registry/repository:tag} or {@code registry/repository@sha256:...}.
 *
 * @param registry host, with {@code :port} when given
 * @param repository the path inside the registry, e.g. {@code samples/cachebox-operator-bundle}
 * @param tag the tag, or null when pinned by digest only
 * @param pinnedDigest the digest, or null for a tag
 */
public record RegistryReference(String registry, String repository, String tag, Digest pinnedDigest)
        implements ImageReference {

    @Override
    public Optional<Digest> digest() {
        return Optional.ofNullable(pinnedDigest);
    }

    /** The tag or digest to ask the manifest endpoint for. */
    public String manifestReference() {
        return pinnedDigest != null ? pinnedDigest.toString() : tag;
    }

    /** The host without the port. */
    public String host() {
        if (registry.startsWith("[")) {
            return registry.substring(0, registry.indexOf(']') + 1);
        }
        int colon = registry.lastIndexOf(':');
        return colon < 0 ? registry : registry.substring(0, colon);
    }

    @Override
    public String text() {
        return registry + "/" + repository + (tag != null ? ":" + tag : "")
                + (pinnedDigest != null ? "@" + pinnedDigest : "");
    }

    @Override
    public String pinned(Digest digest) {
        return registry + "/" + repository + "@" + digest;
    }
}
