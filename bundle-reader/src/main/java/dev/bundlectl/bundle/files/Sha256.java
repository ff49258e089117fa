package dev.bundlectl.bundle.files;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** SHA-256 digests in lower-case hex, as used by plan digests and redaction markers. */
public final class Sha256 {

    private Sha256() {
    }

    /** The lower-case hex SHA-256 of these bytes. */
    public static String hex(byte[] data) {
        return HexFormat.of().formatHex(newDigest().digest(data));
    }

    /** A fresh digest for incremental use. */
    public static MessageDigest newDigest() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            // Every Java platform must provide SHA-256.
            throw new IllegalStateException(e);
        }
    }
}
