package dev.bundlectl.source.image;

import dev.bundlectl.source.errors.RefusedImageException;
import dev.bundlectl.source.reference.Digest;
import dev.bundlectl.source.registry.Descriptor;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** Verifies a blob file already on disk (an OCI layout's) by streaming it through SHA-256. Blocking. */
final class BlobFiles {

    private BlobFiles() {
    }

    static Digest digest(Path file, long limit, String what) {
        try {
            if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
                throw new RefusedImageException(what + ": " + file + " is missing or not a regular file");
            }
            if (Files.size(file) > limit) {
                throw new RefusedImageException(what + ": larger than " + limit + " bytes");
            }
            MessageDigest sha256 = MessageDigest.getInstance("SHA-256");
            try (InputStream in = new DigestInputStream(Files.newInputStream(file, LinkOption.NOFOLLOW_LINKS), sha256)) {
                in.transferTo(java.io.OutputStream.nullOutputStream());
            }
            return new Digest(HexFormat.of().formatHex(sha256.digest()));
        } catch (IOException e) {
            throw new RefusedImageException(what + ": cannot be read (" + e.getMessage() + ")");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }

    static void verify(Path file, Descriptor descriptor, String what) {
        try {
            long size = Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS) ? Files.size(file) : -1;
            if (size >= 0 && size != descriptor.size()) {
                throw new RefusedImageException(what + ": " + size + " bytes, the manifest says " + descriptor.size());
            }
        } catch (IOException e) {
            throw new RefusedImageException(what + ": cannot be read (" + e.getMessage() + ")");
        }
        Digest actual = digest(file, descriptor.size(), what);
        if (!actual.equals(descriptor.digest())) {
            throw new RefusedImageException(what + ": the content's digest is " + actual + ", not the one the manifest "
                    + "names (wrong digest)");
        }
    }
}
