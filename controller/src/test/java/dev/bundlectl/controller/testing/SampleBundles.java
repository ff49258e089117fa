package dev.bundlectl.controller.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;

/** The sample bundles and catalog, in place or copied and changed, for the controller's tests. */
public final class SampleBundles {

    private SampleBundles() {
    }

    /** {@code samples/bundles/cachebox-operator} (v0.3.1) of this repository. */
    public static Path cachebox() {
        return sample("samples/bundles/cachebox-operator");
    }

    /** {@code path} (e.g. {@code samples/bundles/cachebox-operator-v0.4.0}) of this repository. */
    public static Path sample(String path) {
        Path dir = Path.of("").toAbsolutePath();
        while (dir != null && !Files.isDirectory(dir.resolve(path))) {
            dir = dir.getParent();
        }
        if (dir == null) {
            throw new IllegalStateException(path + " not found above " + Path.of("").toAbsolutePath());
        }
        return dir.resolve(path);
    }

    /**
     * A copy of {@code sample} (e.g. {@code samples/bundles/cachebox-operator-v0.4.0}) in {@code target},
     * renamed after {@code prefix} (package, CSV and objects {@code <prefix>-…}, its CRDs' group
     * {@code <prefix>.bundlectl.dev}) so that its CRDs are a test's own on a shared server, with
     * {@code crdEdit} applied to its {@code caches} CRD's YAML.
     */
    public static Path renamedCopy(Path target, String sample, String prefix, UnaryOperator<String> crdEdit) {
        try {
            Path source = sample(sample);
            try (Stream<Path> files = Files.walk(source)) {
                for (Path file : files.toList()) {
                    Path copy = target.resolve(source.relativize(file).toString().replace("cachebox", prefix));
                    if (Files.isDirectory(file)) {
                        Files.createDirectories(copy);
                    } else {
                        Files.writeString(copy, Files.readString(file).replace("cache.bundlectl.dev",
                                prefix + ".bundlectl.dev").replace("cachebox", prefix));
                    }
                }
            }
            Path crd = target.resolve("manifests/cache.bundlectl.dev_caches.yaml");
            Files.writeString(crd, crdEdit.apply(Files.readString(crd)));
            return target;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A copy of the sample in {@code target} whose defaults ConfigMap holds {@code value}: a changed bundle. */
    public static Path changedCopy(Path target, String value) {
        try {
            Path source = cachebox();
            try (Stream<Path> files = Files.walk(source)) {
                for (Path file : files.toList()) {
                    Path copy = target.resolve(source.relativize(file).toString());
                    if (Files.isDirectory(file)) {
                        Files.createDirectories(copy);
                    } else {
                        Files.copy(file, copy);
                    }
                }
            }
            Path configMap = target.resolve("manifests/cachebox-defaults_v1_configmap.yaml");
            Files.writeString(configMap, Files.readString(configMap) + "  changed: \"" + value + "\"\n");
            return target;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
