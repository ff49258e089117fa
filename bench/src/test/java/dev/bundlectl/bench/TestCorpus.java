package dev.bundlectl.bench;


import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/** Paths the tests use: the shared corpus and the repository's sample bundles, read in place. */
final class TestCorpus {

    private TestCorpus() {
    }

    /** The repository root; surefire sets {@code bundlectl.repoRoot}. */
    static Path repoRoot() {
        return Path.of(System.getProperty("bundlectl.repoRoot", "..")).toAbsolutePath().normalize();
    }

    /** {@code <repoRoot>/../shared/corpus}. */
    static Path sharedCorpus() {
        return dev.bundlectl.bundle.testing.SharedCorpus.root();
    }

    /** The hand-written sample bundle with a CSV, CRDs and a Secret. */
    static Path sampleBundle() {
        return repoRoot().resolve("samples/bundles/cachebox-operator");
    }

    /** Copies a directory tree (test scratch space only; the corpus itself is never copied into the repo). */
    static void copyTree(Path from, Path to) {
        try (Stream<Path> paths = Files.walk(from)) {
            for (Path source : paths.toList()) {
                Path target = to.resolve(from.relativize(source).toString());
                if (Files.isDirectory(source)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(source, target);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Path write(Path file, String content) {
        try {
            Files.createDirectories(file.getParent());
            return Files.writeString(file, content);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
