package dev.bundlectl.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * The sample bundle as real bundles ship their monitoring objects: a copy of
 * {@code samples/bundles/cachebox-operator} whose {@code olm.manifests.optional} list leaves out its
 * ServiceMonitor and PrometheusRule (and, unless asked to keep it, its VerticalPodAutoscaler).
 */
final class UnmarkedSample {

    private UnmarkedSample() {
    }

    /** Copies the sample into {@code target} and removes its {@code olm.manifests.optional} list. */
    static Path copyInto(Path target) {
        return copyInto(target, false);
    }

    /**
     * Copies the sample into {@code target}; its optional list names only the VerticalPodAutoscaler
     * when {@code vpaOptional}, else it is removed.
     */
    static Path copyInto(Path target, boolean vpaOptional) {
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
}
