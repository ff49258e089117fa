package dev.bundlectl.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The sample's versions as rollback tests need them: each a renamed copy ({@link SampleCopies#renamed}),
 * so that no other test shares its CRDs, and 0.4.0 with its Cache CRD replaced by one of the
 * variants in {@code src/test/resources/rollback/} (made from the sample's own CRD).
 */
final class RollbackBundles {

    /** The renamed sample's Cache CRD, as the copies keep its file name. */
    private static final String CACHE_CRD = "manifests/cache.bundlectl.dev_caches.yaml";

    private RollbackBundles() {
    }

    /** The renamed copy of the sample at {@code sample} (e.g. {@code samples/bundles/cachebox-operator-v0.4.0}). */
    static Path version(String sample, Path target, String prefix) {
        try {
            return SampleCopies.renamed(sample, target, prefix);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@code bundle}'s Cache CRD replaced by the test resource {@code rollback/NAME}, renamed as the bundle is. */
    static Path withCacheCrd(Path bundle, String name, String prefix) {
        try (InputStream in = RollbackBundles.class.getResourceAsStream("/rollback/" + name)) {
            if (in == null) {
                throw new IllegalArgumentException("no test resource rollback/" + name);
            }
            String crd = new String(in.readAllBytes(), StandardCharsets.UTF_8)
                    .replace("cache.bundlectl.dev", prefix + ".bundlectl.dev");
            Files.writeString(bundle.resolve(CACHE_CRD), crd);
            return bundle;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Deletes {@code directory} and everything in it: a bundle source that is gone. */
    static void delete(Path directory) throws IOException {
        try (java.util.stream.Stream<Path> paths = Files.walk(directory)) {
            for (Path path : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }

    /** A Cache of {@code size} in {@code namespace}, of the renamed CRD's group, at {@code version}. */
    static String cache(String prefix, String version, String namespace, String name, int size) {
        return """
                apiVersion: %s.bundlectl.dev/%s
                kind: Cache
                metadata: {name: %s, namespace: %s}
                spec: {size: %d}
                """.formatted(prefix, version, name, namespace, size);
    }
}
