package dev.bundlectl.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * Copies of the sample bundle {@code samples/bundles/cachebox-operator} for tests that change it,
 * among them the sample as real bundles ship their monitoring objects ({@link #unmarked}): its
 * {@code olm.manifests.optional} list leaves out its ServiceMonitor and PrometheusRule.
 */
final class SampleCopies {

    private SampleCopies() {
    }

    /** Copies the sample into {@code target} and removes its {@code olm.manifests.optional} list. */
    static Path unmarked(Path target) {
        return unmarked(target, false);
    }

    /**
     * Copies the sample into {@code target}; its optional list names only the VerticalPodAutoscaler
     * when {@code vpaOptional}, else it is removed.
     */
    static Path unmarked(Path target, boolean vpaOptional) {
        try {
            plain(target);
            Path properties = target.resolve("metadata/properties.yaml");
            Files.delete(properties);
            if (vpaOptional) {
                Files.writeString(properties, """
                        properties:
                          - type: olm.manifests.optional
                            value:
                              manifests:
                                - group: autoscaling.k8s.io
                                  kind: VerticalPodAutoscaler
                                  name: cachebox-operator
                        """);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return target;
    }

    /** A plain copy of the sample bundle in {@code target}, for tests that change it. */
    static Path plain(Path target) throws IOException {
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
        }
        return target;
    }
}
