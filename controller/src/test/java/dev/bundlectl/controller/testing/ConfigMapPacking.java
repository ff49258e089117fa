package dev.bundlectl.controller.testing;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Packs a directory into one ConfigMap the way docs/controller.md tells users to: each file a key,
 * its path relative to the directory with {@code /} written as {@code __}.
 */
public final class ConfigMapPacking {

    private ConfigMapPacking() {
    }

    /** ConfigMap {@code name} holding every file under {@code directory}. */
    public static ConfigMap pack(String name, Path directory) {
        Map<String, String> data = new TreeMap<>();
        try (Stream<Path> files = Files.walk(directory)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                data.put(directory.relativize(file).toString().replace(java.io.File.separator, "__"),
                        Files.readString(file));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new ConfigMapBuilder().withNewMetadata().withName(name).endMetadata().withData(data).build();
    }
}
