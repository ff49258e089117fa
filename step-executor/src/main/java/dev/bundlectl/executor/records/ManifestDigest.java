package dev.bundlectl.executor.records;

import dev.bundlectl.bundle.files.Sha256;
import java.nio.charset.StandardCharsets;

/**
 * The {@code sha256:<hex>} digest that stands in for a body in a record: a plan step's manifest, or
 * the body an apply sent ({@link AppliedState}).
 */
public final class ManifestDigest {

    private static final String PREFIX = "sha256:";

    private ManifestDigest() {
    }

    /** The digest of a manifest's UTF-8 bytes, or null for a null manifest. */
    public static String of(String manifest) {
        if (manifest == null) {
            return null;
        }
        return of(manifest.getBytes(StandardCharsets.UTF_8));
    }

    /** The digest of these bytes. */
    public static String of(byte[] body) {
        return PREFIX + Sha256.hex(body);
    }

    /** The lowercase hex SHA-256 of a string's UTF-8 bytes. */
    public static String sha256Hex(String text) {
        return Sha256.hex(text.getBytes(StandardCharsets.UTF_8));
    }
}
