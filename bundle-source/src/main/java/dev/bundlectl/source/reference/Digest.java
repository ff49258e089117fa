package dev.bundlectl.source.reference;

import dev.bundlectl.source.errors.BadReferenceException;
import java.util.HexFormat;
import java.util.regex.Pattern;

/**
 * A content digest, {@code sha256:<64 hex>}. Only sha256 is accepted: it is what every registry
 * and the OCI image spec require, and one algorithm keeps verification in one place.
 *
 * @param hex the lower-case hex digest
 */
public record Digest(String hex) {

    private static final Pattern SHA256 = Pattern.compile("sha256:[a-f0-9]{64}");

    public Digest {
        if (hex == null || hex.length() != 64) {
            throw new IllegalArgumentException("a sha256 digest has 64 hex digits");
        }
    }

    /** Parses {@code sha256:<hex>}; anything else is a bad reference naming the text. */
    public static Digest parse(String text) {
        if (text == null || !SHA256.matcher(text).matches()) {
            throw new BadReferenceException("\"" + text + "\" is not a sha256 digest (sha256: and 64 lower-case "
                    + "hex digits)");
        }
        return new Digest(text.substring("sha256:".length()));
    }

    /** Whether {@code text} is a well-formed sha256 digest. */
    public static boolean isDigest(String text) {
        return text != null && SHA256.matcher(text).matches();
    }

    /** The digest of raw bytes. */
    public static Digest of(byte[] bytes) {
        try {
            return new Digest(HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256").digest(bytes)));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }

    /** A name safe as a single path segment: {@code sha256-<hex>}. */
    public String fileName() {
        return "sha256-" + hex;
    }

    @Override
    public String toString() {
        return "sha256:" + hex;
    }
}
