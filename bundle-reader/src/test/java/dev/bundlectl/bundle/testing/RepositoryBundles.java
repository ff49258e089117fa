package dev.bundlectl.bundle.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The bundles kept in the repository itself, so in every clone: the real ones in
 * {@code testdata/real-bundles} (see its NOTICE.md) and the samples in {@code samples/bundles}.
 */
public final class RepositoryBundles {

    private RepositoryBundles() {
    }

    /** Every bundle directory (one holding {@code manifests/}) of both, in path order within each. */
    public static List<Path> all() {
        List<Path> bundles = new ArrayList<>(below(SharedDirectory.repoRoot().resolve("testdata/real-bundles")));
        bundles.addAll(below(SharedDirectory.repoRoot().resolve("samples/bundles")));
        return bundles;
    }

    private static List<Path> below(Path root) {
        try (Stream<Path> dirs = Files.walk(root, 4)) {
            return dirs.filter(dir -> Files.isDirectory(dir.resolve("manifests"))).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
