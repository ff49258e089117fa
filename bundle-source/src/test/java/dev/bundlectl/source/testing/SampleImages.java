package dev.bundlectl.source.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * The cachebox samples as bundle images in a real registry, and the sample file-based catalog
 * pointed at that registry (its images name {@code localhost:5000}, the usual local registry); for
 * the tests of every module that pulls them (the CLI, the controller).
 */
public final class SampleImages {

    public static final String REPOSITORY = "samples/cachebox-operator-bundle";

    private SampleImages() {
    }

    /** Pushes v0.3.0, v0.3.1 and v0.4.0 and returns the v0.3.1 reference. */
    public static String pushAll(RealRegistry registry) {
        ImagePusher pusher = new ImagePusher(registry);
        Path samples = repoRoot().resolve("samples/bundles");
        pusher.pushBundle(REPOSITORY, "v0.3.0", samples.resolve("cachebox-operator-v0.3.0"));
        pusher.pushBundle(REPOSITORY, "v0.3.1", samples.resolve("cachebox-operator"));
        pusher.pushBundle(REPOSITORY, "v0.4.0", samples.resolve("cachebox-operator-v0.4.0"));
        return registry.address() + "/" + REPOSITORY + ":v0.3.1";
    }

    /** A copy of {@code samples/catalogs/cachebox} whose images name {@code registry}. */
    public static Path catalogFor(RealRegistry registry, Path target) {
        Path source = repoRoot().resolve("samples/catalogs/cachebox");
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

    /** The repository's root, where {@code samples/} is (the {@code bundlectl.repoRoot} property, else the parent of the module). */
    private static Path repoRoot() {
        return Path.of(System.getProperty("bundlectl.repoRoot", "..")).toAbsolutePath().normalize();
    }
}
