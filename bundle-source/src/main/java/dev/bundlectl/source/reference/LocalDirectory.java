package dev.bundlectl.source.reference;

import java.nio.file.Path;

/** A directory on disk, read as it is (the behaviour before images existed). */
public record LocalDirectory(Path path) implements SourceReference {

    @Override
    public String text() {
        return path.toString();
    }
}
