package dev.bundlectl.bench;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * One bundle directory of the corpus and the files the parse-only baseline reads from it.
 *
 * @param dir the bundle root (holding {@code manifests/} and {@code metadata/})
 * @param files every manifest-like file ({@code .yaml}, {@code .yml}, {@code .json}, {@code .crd})
 *     directly in its {@code manifests/} and {@code metadata/} directories, sorted
 */
public record CorpusBundle(Path dir, List<Path> files) {

    public CorpusBundle {
        Objects.requireNonNull(dir, "dir");
        files = List.copyOf(files);
    }
}
