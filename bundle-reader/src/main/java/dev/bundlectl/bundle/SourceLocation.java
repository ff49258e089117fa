package dev.bundlectl.bundle;

import java.util.Objects;

/**
 * Where an object came from: a file path relative to the bundle root (forward slashes) and the
 * zero-based index of the YAML document inside that file.
 *
 * @param file file path relative to the bundle (or payload) root, using {@code /} separators
 * @param documentIndex zero-based document index in a multi-document file; {@code -1} when the
 *     location is a whole file or directory
 */
public record SourceLocation(String file, int documentIndex) {

    public SourceLocation {
        Objects.requireNonNull(file, "file");
    }

    /** A location that names a whole file or directory rather than one document in it. */
    public static SourceLocation file(String file) {
        return new SourceLocation(file, -1);
    }

    @Override
    public String toString() {
        return documentIndex < 0 ? file : file + "[doc " + documentIndex + "]";
    }
}
