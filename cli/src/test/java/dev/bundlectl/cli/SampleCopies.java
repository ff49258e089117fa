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
        return copy(CliRun.repoRoot().resolve("samples/bundles/cachebox-operator"), target);
    }

    private static Path copy(Path source, Path target) throws IOException {
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

    /**
     * A copy of the sample as another package: every {@code cachebox} (package, CSV, objects) and
     * its CRDs' group {@code cache.bundlectl.dev} renamed after {@code prefix}, so that nothing it
     * installs is shared with the sample's installs on the same server.
     */
    static Path renamed(Path target, String prefix) throws IOException {
        return renamed("samples/bundles/cachebox-operator", target, prefix);
    }

    /** {@link #renamed(Path, String)} of another of the sample's versions, e.g. {@code samples/bundles/cachebox-operator-v0.4.0}. */
    static Path renamed(String sample, Path target, String prefix) throws IOException {
        copy(CliRun.repoRoot().resolve(sample), target);
        try (Stream<Path> paths = Files.walk(target)) {
            for (Path file : paths.filter(Files::isRegularFile).toList()) {
                String text = Files.readString(file).replace("cache.bundlectl.dev", prefix + ".bundlectl.dev")
                        .replace("cachebox", prefix);
                Files.delete(file);
                Files.writeString(target.resolve(target.relativize(file).toString().replace("cachebox", prefix)), text);
            }
        }
        return target;
    }
}
