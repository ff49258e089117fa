package dev.bundlectl.bundle.files;

import java.nio.file.Path;
import java.util.Objects;

/** What one path inside a {@link ClosedTree} is, after the tree's link policy. */
public sealed interface TreeEntry {

    /** The path as it was asked about (a link is not replaced by its target). */
    Path path();

    /** Nothing is there, not even a dangling link. */
    record Missing(Path path) implements TreeEntry {
    }

    /** A regular file inside the tree, possibly through a link that stays inside it: safe to read. */
    record RegularFile(Path path) implements TreeEntry {
    }

    /**
     * A directory inside the tree, possibly through a link that stays inside it.
     *
     * @param realPath where it really is, to tell a directory seen twice (a loop)
     */
    record Directory(Path path, Path realPath) implements TreeEntry {
    }

    /**
     * An entry that must not be read, and makes the input invalid: a link out of the tree, a
     * dangling link, a link loop, a FIFO, socket or device.
     *
     * @param problem why, as a predicate that follows the entry's name ("is a FIFO, not a regular
     *     file")
     */
    record Refused(Path path, String problem) implements TreeEntry {

        public Refused {
            Objects.requireNonNull(problem, "problem");
        }
    }
}
