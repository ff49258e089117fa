package dev.bundlectl.source.cache;

import dev.bundlectl.source.layer.LayerExtractor;
import dev.bundlectl.source.reference.Digest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * Pulled images by the digest their reference resolved to (an index's own digest for an index), under {@code $XDG_CACHE_HOME/bundlectl} (default
 * {@code ~/.cache/bundlectl}): {@code bundles/sha256-<hex>/} and {@code catalogs/sha256-<hex>/}.
 * An entry is built in {@code tmp/} (inside the cache, so the final rename is atomic) and renamed
 * into place whole, so a reader never sees half an entry and a failed pull leaves none. All
 * methods block: call them from a worker thread.
 */
public final class SourceCache {

    /** What an entry holds. */
    public enum Kind {
        BUNDLES, CATALOGS;

        String directory() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    private final Path root;

    public SourceCache(Path root) {
        this.root = root.toAbsolutePath().normalize();
    }

    /** {@code $XDG_CACHE_HOME/bundlectl}, else {@code <home>/.cache/bundlectl}. */
    public static Path defaultRoot(Map<String, String> environment, Path home) {
        String xdg = environment.get("XDG_CACHE_HOME");
        Path base = xdg != null && !xdg.isBlank() && Path.of(xdg).isAbsolute() ? Path.of(xdg) : home.resolve(".cache");
        return base.resolve("bundlectl");
    }

    public Path root() {
        return root;
    }

    /** The entry for {@code digest}, if a complete one is there. */
    public Optional<Path> lookup(Kind kind, Digest digest) {
        Path entry = entry(kind, digest);
        return Files.isDirectory(entry, LinkOption.NOFOLLOW_LINKS) ? Optional.of(entry) : Optional.empty();
    }

    /** A fresh, empty scratch directory inside the cache. */
    public Path scratch() {
        try {
            Path tmp = Files.createDirectories(root.resolve("tmp"));
            return Files.createDirectory(tmp.resolve(UUID.randomUUID().toString()));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the cache directory " + root, e);
        }
    }

    /**
     * Renames {@code staged} (inside the scratch space) into place as the entry for {@code digest};
     * with {@code replace}, a present entry is swapped out first (and deleted).
     */
    public Path commit(Path staged, Kind kind, Digest digest, boolean replace) {
        Path entry = entry(kind, digest);
        try {
            Files.createDirectories(entry.getParent());
            if (replace && Files.exists(entry, LinkOption.NOFOLLOW_LINKS)) {
                Path old = scratch().resolve("replaced");
                Files.move(entry, old, StandardCopyOption.ATOMIC_MOVE);
                LayerExtractor.deleteTree(old.getParent());
            }
            try {
                Files.move(staged, entry, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                throw new UncheckedIOException("the cache " + root + " does not support atomic renames", e);
            } catch (IOException e) {
                // Another pull of the same digest got there first; its entry is the same content.
                // Linux answers a rename onto that non-empty directory with ENOTEMPTY, which the JDK
                // throws as a plain FileSystemException, so the entry itself is what tells.
                if (!Files.isDirectory(entry, LinkOption.NOFOLLOW_LINKS)) {
                    throw e;
                }
                LayerExtractor.deleteTree(staged);
            }
            return entry;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the cache entry " + entry, e);
        }
    }

    /** Deletes a scratch directory; quietly, since it is only litter by now. */
    public void discard(Path scratch) {
        try {
            LayerExtractor.deleteTree(scratch);
        } catch (IOException e) {
            // Left for the next pull to ignore: scratch names are random.
        }
    }

    private Path entry(Kind kind, Digest digest) {
        return root.resolve(kind.directory()).resolve(digest.fileName());
    }
}
