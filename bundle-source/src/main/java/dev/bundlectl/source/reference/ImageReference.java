package dev.bundlectl.source.reference;

import java.util.Optional;

/** An image: in a registry, in an OCI layout directory, or in an OCI archive. */
public sealed interface ImageReference extends SourceReference
        permits RegistryReference, OciLayoutReference, OciArchiveReference {

    /** The digest the reference pins, if it pins one; a tag is resolved every time. */
    Optional<Digest> digest();

    /** The same image pinned to {@code digest}, as a reference text that parses back to it. */
    String pinned(Digest digest);
}
