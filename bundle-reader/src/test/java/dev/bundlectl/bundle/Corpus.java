package dev.bundlectl.bundle;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** The shared real-world corpus, read by path (never copied into the repository). */
final class Corpus {

    private Corpus() {
    }

    /** {@code <repoRoot>/../shared/corpus}; surefire sets {@code bundlectl.repoRoot}. */
    static Path root() {
        Path repoRoot = Path.of(System.getProperty("bundlectl.repoRoot", "..")).toAbsolutePath();
        Path corpus = repoRoot.resolve("../shared/corpus").normalize();
        assertThat(corpus.resolve("dev")).as("the shared corpus next to the repository").isDirectory();
        return corpus;
    }

    static Path dev() {
        return root().resolve("dev");
    }

    static Path payload() {
        return root().resolve("payload");
    }

    /**
     * Every bundle directory of the dev set: {@code dev/<op>/<ver>/} and
     * {@code dev/_<group>/<op>/<ver>/}, odd layouts included.
     */
    static List<Path> devBundleDirs() {
        List<Path> dirs = new ArrayList<>();
        for (Path first : children(dev())) {
            boolean grouped = first.getFileName().toString().startsWith("_");
            for (Path second : children(first)) {
                if (grouped) {
                    dirs.addAll(children(second));
                } else {
                    dirs.add(second);
                }
            }
        }
        return dirs;
    }

    static List<Path> children(Path dir) {
        try (Stream<Path> entries = Files.list(dir)) {
            return entries.filter(Files::isDirectory).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The path relative to {@code dev/}, as {@code dev.list} writes it. */
    static String devName(Path bundleDir) {
        return dev().relativize(bundleDir).toString().replace('\\', '/');
    }
}
