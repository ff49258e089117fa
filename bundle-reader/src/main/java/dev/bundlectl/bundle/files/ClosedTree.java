package dev.bundlectl.bundle.files;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/**
 * A directory read as a closed whole, such as a bundle or a payload directory: a symbolic link is
 * followed only when its target is inside the tree, so that {@code manifests/x.yaml ->
 * ../../elsewhere/secret.yaml} cannot carry a file from elsewhere into a plan. A link out of the
 * tree, a dangling link, a link loop, a FIFO, a socket or a device is {@link TreeEntry.Refused}
 * with the reason; nothing is opened to find out.
 *
 * <p>The bundle reader and the payload reader both read through this class, so they follow one
 * policy. Instances are immutable.
 */
public final class ClosedTree {

    private static final Comparator<TreeEntry> BY_NAME = Comparator.comparing(entry -> entry.path().getFileName()
            .toString());

    private final Path realRoot;
    private final String rootWords;

    private ClosedTree(Path realRoot, String rootWords) {
        this.realRoot = realRoot;
        this.rootWords = rootWords;
    }

    /**
     * The tree below {@code root}.
     *
     * @param root an existing directory; it may itself be reached through links
     * @param rootWords the root in messages, such as "the bundle directory"
     * @throws IOException when the root cannot be resolved
     */
    public static ClosedTree at(Path root, String rootWords) throws IOException {
        return new ClosedTree(root.toRealPath(), Objects.requireNonNull(rootWords, "rootWords"));
    }

    /**
     * What {@code path} (a path below the root, built by resolving names against it) is. Every
     * link on the way is resolved, not only the last one, so that a linked parent directory
     * cannot lead out of the tree either.
     */
    public TreeEntry entry(Path path) {
        FileKind own;
        try {
            own = FileKind.of(path, LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException e) {
            return new TreeEntry.Missing(path);
        } catch (IOException | SecurityException e) {
            return new TreeEntry.Refused(path, "cannot be read: " + reason(e));
        }
        boolean link = own == FileKind.SYMBOLIC_LINK;
        Path real;
        try {
            real = path.toRealPath();
        } catch (NoSuchFileException e) {
            return link ? new TreeEntry.Refused(path, "is a dangling symbolic link (to " + target(path)
                    + ", which does not exist)") : new TreeEntry.Missing(path);
        } catch (FileSystemException e) {
            String why = reason(e);
            // ELOOP: the kernel gave up following links, which only a cycle makes happen.
            return link && why.contains("levels of symbolic links")
                    ? new TreeEntry.Refused(path, "is a symbolic link loop (to " + target(path) + ")")
                    : new TreeEntry.Refused(path, "cannot be resolved: " + why);
        } catch (IOException | SecurityException e) {
            return new TreeEntry.Refused(path, "cannot be resolved: " + reason(e));
        }
        if (!real.startsWith(realRoot)) {
            return new TreeEntry.Refused(path, (link ? "is a symbolic link to " + target(path)
                    : "resolves through a symbolic link to " + real) + ", outside " + rootWords
                    + "; only links within it are followed");
        }
        FileKind kind;
        try {
            kind = link ? FileKind.of(real) : own;
        } catch (IOException | SecurityException e) {
            return new TreeEntry.Refused(path, "cannot be read: " + reason(e));
        }
        switch (kind) {
            case REGULAR:
                return new TreeEntry.RegularFile(path);
            case DIRECTORY:
                return new TreeEntry.Directory(path, real);
            default:
                return new TreeEntry.Refused(path, kind.notRegular());
        }
    }

    /**
     * The entries of {@code dir}, one level deep, sorted by name so that every read sees them in
     * the same order whatever the file system returns.
     *
     * @throws IOException when the directory cannot be listed
     */
    public List<TreeEntry> list(Path dir) throws IOException {
        List<TreeEntry> entries = new ArrayList<>();
        try (DirectoryStream<Path> names = Files.newDirectoryStream(dir)) {
            for (Path name : names) {
                entries.add(entry(name));
            }
        }
        entries.sort(BY_NAME);
        return entries;
    }

    /** The link's target as written in the link, which is what its author will recognise. */
    private static String target(Path link) {
        try {
            return Files.readSymbolicLink(link).toString();
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            return "?";
        }
    }

    private static String reason(Exception e) {
        if (e instanceof FileSystemException && ((FileSystemException) e).getReason() != null) {
            return ((FileSystemException) e).getReason();
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }
}
