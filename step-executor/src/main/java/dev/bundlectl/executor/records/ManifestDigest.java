package dev.bundlectl.executor.records;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** The {@code sha256:<hex>} digest that stands in for a manifest body in a record. */
public final class ManifestDigest {

    private static final String PREFIX = "sha256:";

    private ManifestDigest() {
    }

    /** The digest of a manifest's UTF-8 bytes, or null for a null manifest. */
    public static String of(String manifest) {
        if (manifest == null) {
            return null;
        }
        return PREFIX + sha256Hex(manifest);
    }

    /** The lowercase hex SHA-256 of a string's UTF-8 bytes. */
    public static String sha256Hex(String text) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest);
        } catch (NoSuchAlgorithmException e) {
            // Every Java platform must provide SHA-256.
            throw new IllegalStateException("SHA-256 is not available", e);
        }
    }
}
