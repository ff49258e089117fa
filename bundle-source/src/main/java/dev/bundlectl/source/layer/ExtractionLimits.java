package dev.bundlectl.source.layer;

/**
 * Caps on what extracting an image's layers may produce, so a compressed bomb or an archive of a
 * million entries is refused instead of filling the disk.
 *
 * @param totalBytes uncompressed bytes over all layers, skipped entries included
 * @param fileBytes the largest single file
 * @param entries tar entries over all layers
 */
public record ExtractionLimits(long totalBytes, long fileBytes, int entries) {

    /** A bundle is a few hundred KiB of YAML: generous caps that still stop a bomb early. */
    public static final ExtractionLimits BUNDLE = new ExtractionLimits(256L << 20, 32L << 20, 20_000);
    /** Catalog images carry every package of an index, hundreds of MiB of JSON. */
    public static final ExtractionLimits CATALOG = new ExtractionLimits(4L << 30, 1L << 30, 1_000_000);
}
