package dev.bundlectl.bench;

import dev.bundlectl.bundle.layout.FileNames;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.stream.Stream;

/**
 * The bundles a benchmark operation works through: every {@code dev/<op>/<ver>/} and
 * {@code dev/_<group>/<op>/<ver>/} directory of the corpus except {@code dev/_oddlayout/}, whose
 * folders are deliberately not bundle roots. Scanned once, before measuring.
 *
 * @param root the corpus directory (the one holding {@code dev/})
 * @param bundles the bundle directories in a stable (sorted) order
 */
public record BenchCorpus(Path root, List<CorpusBundle> bundles) {

    /** The dev set's directory inside the corpus. */
    static final String DEV = "dev";
    /** Real catalog folders that are not valid bundle roots: not representative of planning. */
    static final String ODD_LAYOUT = "_oddlayout";
    private static final List<String> CONTENT_DIRS = List.of("manifests", "metadata");

    public BenchCorpus {
        Objects.requireNonNull(root, "root");
        bundles = List.copyOf(bundles);
    }

    /** Scans {@code <corpus>/dev}. */
    public static BenchCorpus scan(Path corpus) {
        List<CorpusBundle> bundles = new ArrayList<>();
        for (Path first : subdirectories(corpus.resolve(DEV))) {
            String name = first.getFileName().toString();
            if (name.equals(ODD_LAYOUT)) {
                continue;
            }
            // "_certified", "_extra": one more level (<group>/<op>/<ver>) than community bundles.
            boolean grouped = name.startsWith("_");
            for (Path second : subdirectories(first)) {
                if (grouped) {
                    for (Path version : subdirectories(second)) {
                        bundles.add(bundleAt(version));
                    }
                } else {
                    bundles.add(bundleAt(second));
                }
            }
        }
        return new BenchCorpus(corpus, bundles);
    }

    /** The bundle directories alone. */
    public List<Path> bundleDirs() {
        return bundles.stream().map(CorpusBundle::dir).toList();
    }

    private static CorpusBundle bundleAt(Path dir) {
        List<Path> files = new ArrayList<>();
        for (String content : CONTENT_DIRS) {
            Path contentDir = dir.resolve(content);
            if (Files.isDirectory(contentDir)) {
                files.addAll(manifestFiles(contentDir));
            }
        }
        return new CorpusBundle(dir, files);
    }

    // The same file-name rules the bundle reader applies, so both workloads see the same files.
    private static List<Path> manifestFiles(Path dir) {
        try (Stream<Path> entries = Files.list(dir)) {
            return entries.filter(Files::isRegularFile)
                    .filter(file -> {
                        String fileName = file.getFileName().toString();
                        return FileNames.isBundleManifest(fileName) && !FileNames.isBackupOrHidden(fileName);
                    })
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + dir, e);
        }
    }

    private static List<Path> subdirectories(Path dir) {
        try (Stream<Path> entries = Files.list(dir)) {
            return entries.filter(Files::isDirectory).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + dir, e);
        }
    }
}
