package dev.bundlectl.source.registry;

import dev.bundlectl.source.reference.Digest;

/**
 * A content descriptor from a manifest: what to fetch and what it must hash to.
 *
 * @param mediaType the declared media type
 * @param digest the content's digest
 * @param size the content's exact size in bytes
 */
public record Descriptor(String mediaType, Digest digest, long size) {
}
