package dev.bundlectl.cli;

import dev.bundlectl.source.testing.ImagePusher;
import dev.bundlectl.source.testing.RealRegistry;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * The cachebox samples as bundle images in a real registry, and the sample file-based catalog
 * pointed at that registry (its images name {@code localhost:5000}, the usual local registry).
 */
final class SampleImages {

    static final String REPOSITORY = "samples/cachebox-operator-bundle";

    private SampleImages() {
    }

    /** Pushes v0.3.0, v0.3.1 and v0.4.0 and returns the v0.3.1 reference. */
    static String pushAll(RealRegistry registry) {
        ImagePusher pusher = new ImagePusher(registry);
        Path samples = CliRun.repoRoot().resolve("samples/bundles");
        pusher.pushBundle(REPOSITORY, "v0.3.0", samples.resolve("cachebox-operator-v0.3.0"));
        pusher.pushBundle(REPOSITORY, "v0.3.1", samples.resolve("cachebox-operator"));
        pusher.pushBundle(REPOSITORY, "v0.4.0", samples.resolve("cachebox-operator-v0.4.0"));
        return registry.address() + "/" + REPOSITORY + ":v0.3.1";
    }

    /** A copy of {@code samples/catalogs/cachebox} whose images name {@code registry}. */
    static Path catalogFor(RealRegistry registry, Path target) {
        Path source = CliRun.repoRoot().resolve("samples/catalogs/cachebox");
        try (Stream<Path> walk = Files.walk(source)) {
            for (Path file : walk.filter(Files::isRegularFile).toList()) {
                Path copy = target.resolve(source.relativize(file).toString());
                Files.createDirectories(copy.getParent());
                Files.writeString(copy, Files.readString(file).replace("localhost:5000", registry.address()));
            }
            return target;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
