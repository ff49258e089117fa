package dev.bundlectl.bundle.files;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * What a directory entry is, told from its attributes without opening it: opening a FIFO blocks
 * until a writer comes, and a device such as {@code /dev/zero} never ends.
 */
public enum FileKind {
    /** A regular file: the only kind that is ever read. */
    REGULAR("a regular file"),
    DIRECTORY("a directory"),
    SYMBOLIC_LINK("a symbolic link"),
    FIFO("a FIFO"),
    SOCKET("a socket"),
    CHARACTER_DEVICE("a character device"),
    BLOCK_DEVICE("a block device"),
    /** Something else, or a special file on a file system that does not tell which kind. */
    OTHER("a special file");

    // The file-type bits of st_mode (S_IFMT) and the values of the special kinds, from POSIX.
    private static final int TYPE_BITS = 0170000;
    private static final int FIFO_BITS = 0010000;
    private static final int CHARACTER_DEVICE_BITS = 0020000;
    private static final int BLOCK_DEVICE_BITS = 0060000;
    private static final int SOCKET_BITS = 0140000;

    private final String words;

    FileKind(String words) {
        this.words = words;
    }

    /** The kind with its article, as in "is a FIFO". */
    public String words() {
        return words;
    }

    /** "is a FIFO, not a regular file": why an entry of this kind is not read. */
    public String notRegular() {
        return "is " + words + ", not a regular file";
    }

    /**
     * The kind of {@code path}.
     *
     * @param options {@link LinkOption#NOFOLLOW_LINKS} to tell a link itself, none to follow it
     * @throws IOException when the entry does not exist or its attributes cannot be read
     */
    public static FileKind of(Path path, LinkOption... options) throws IOException {
        BasicFileAttributes attributes = Files.readAttributes(path, BasicFileAttributes.class, options);
        if (attributes.isRegularFile()) {
            return REGULAR;
        }
        if (attributes.isDirectory()) {
            return DIRECTORY;
        }
        if (attributes.isSymbolicLink()) {
            return SYMBOLIC_LINK;
        }
        return special(path, options);
    }

    /** Basic attributes only say "other"; the POSIX mode says which, where the file system has one. */
    private static FileKind special(Path path, LinkOption... options) {
        try {
            int mode = (Integer) Files.getAttribute(path, "unix:mode", options);
            switch (mode & TYPE_BITS) {
                case FIFO_BITS:
                    return FIFO;
                case CHARACTER_DEVICE_BITS:
                    return CHARACTER_DEVICE;
                case BLOCK_DEVICE_BITS:
                    return BLOCK_DEVICE;
                case SOCKET_BITS:
                    return SOCKET;
                default:
                    return OTHER;
            }
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException | ClassCastException e) {
            return OTHER;
        }
    }
}
