package dev.bundlectl.cli;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where the repository's samples and the shared corpus are. Surefire sets {@code bundlectl.repoRoot};
 * when a test runs without it (from an IDE), the root is found by walking up from the working
 * directory to the first directory that holds {@code samples/bundles}.
 */
final class TestPaths {

    private TestPaths() {
    }

    static Path repoRoot() {
        String property = System.getProperty("bundlectl.repoRoot");
        if (property != null && !property.isBlank()) {
            return Path.of(property).toAbsolutePath().normalize();
        }
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.isDirectory(dir.resolve("samples/bundles"))) {
                return dir;
            }
        }
        throw new IllegalStateException("cannot find the repository root: set -Dbundlectl.repoRoot");
    }

    /** A path under the repository, e.g. {@code samples/bundles/cachebox-operator}. */
    static Path inRepo(String relative) {
        return repoRoot().resolve(relative).normalize();
    }

    /** The same, as a command-line argument. */
    static String arg(String relative) {
        return inRepo(relative).toString();
    }

    /** The shared corpus: {@code <repoRoot>/../shared/corpus}; skips the test without it. */
    static Path corpus() {
        return dev.bundlectl.bundle.testing.SharedCorpus.root();
    }

    /** A real bundle kept in the repository: {@code testdata/real-bundles/<relative>} (see its NOTICE.md). */
    static Path realBundle(String relative) {
        return inRepo("testdata/real-bundles/" + relative);
    }
}
