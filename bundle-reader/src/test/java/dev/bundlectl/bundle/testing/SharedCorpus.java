package dev.bundlectl.bundle.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The shared real-world corpus next to the repository, read by path and never copied in. Every
 * module's corpus tests find their directories here, so the corpus layout is known in one place.
 */
public final class SharedCorpus {

    private SharedCorpus() {
    }

    /**
     * {@code <repoRoot>/../shared/corpus}. Without it the calling test is skipped, or fails where
     * {@link SharedDirectory#REQUIRE_PROPERTY} says the corpus must be there.
     */
    public static Path root() {
        SharedDirectory.require("corpus/dev");
        return SharedDirectory.require("corpus");
    }

    /** The 150 dev bundles' root. */
    public static Path dev() {
        return root().resolve("dev");
    }

    /** The OpenShift payload slices' root. */
    public static Path payload() {
        return root().resolve("payload");
    }

    /**
     * Every bundle directory of the dev set, sorted: {@code dev/<op>/<ver>/} and
     * {@code dev/_<group>/<op>/<ver>/} (odd layouts included).
     */
    public static List<Path> devBundleDirs() {
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

    /** A dev bundle's path relative to {@code dev/}, e.g. {@code _certified/acc-operator/24.2.2}. */
    public static String devName(Path bundleDir) {
        return dev().relativize(bundleDir).toString().replace('\\', '/');
    }

    /** The subdirectories of {@code dir}, sorted. */
    public static List<Path> children(Path dir) {
        try (Stream<Path> entries = Files.list(dir)) {
            return entries.filter(Files::isDirectory).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
