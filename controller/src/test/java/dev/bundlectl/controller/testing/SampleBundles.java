package dev.bundlectl.controller.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
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
