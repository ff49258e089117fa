package dev.bundlectl.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * The sample bundle as real bundles ship their monitoring objects: a copy of
 * {@code samples/bundles/cachebox-operator} without {@code metadata/properties.yaml}, so that its
 * ServiceMonitor, PrometheusRule and VerticalPodAutoscaler are not marked optional.
 */
final class UnmarkedSample {

    private UnmarkedSample() {
    }

    /** Copies the sample into {@code target} and removes its {@code olm.manifests.optional} list. */
    static Path copyInto(Path target) {
        Path source = CliRun.repoRoot().resolve("samples/bundles/cachebox-operator");
        try (Stream<Path> paths = Files.walk(source)) {
            for (Path path : paths.toList()) {
                Path copy = target.resolve(source.relativize(path).toString());
                if (Files.isDirectory(path)) {
                    Files.createDirectories(copy);
                } else {
                    Files.copy(path, copy);
                }
            }
            Files.delete(target.resolve("metadata/properties.yaml"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return target;
    }
}
