package dev.bundlectl.cli;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes small registry+v1 bundles into a temporary directory at test time, so that bad inputs
 * (some of them tens of megabytes) are never committed.
 */
final class BundleFixture {

    static final String CSV_FILE = "manifests/tiny-operator.clusterserviceversion.yaml";
    static final String CSV_NAME = "tiny-operator.v0.1.0";

    private static final String ANNOTATIONS = """
            annotations:
              operators.operatorframework.io.bundle.mediatype.v1: registry+v1
              operators.operatorframework.io.bundle.manifests.v1: manifests/
              operators.operatorframework.io.bundle.metadata.v1: metadata/
              operators.operatorframework.io.bundle.package.v1: tiny-operator
              operators.operatorframework.io.bundle.channels.v1: stable
              operators.operatorframework.io.bundle.channel.default.v1: stable
            """;

    private final Path root;

    private BundleFixture(Path root) {
        this.root = root;
    }

    /** A valid bundle with one CSV (apiVersion {@code operators.coreos.com/v1alpha1}) and nothing else. */
    static BundleFixture minimal(Path root) throws IOException {
        return minimal(root, "operators.coreos.com/v1alpha1", "");
    }

    /**
     * A valid bundle with one CSV.
     *
     * @param csvApiVersion the CSV's {@code apiVersion}
     * @param csvAnnotations YAML lines for {@code metadata.annotations}, indented four spaces, or empty
     */
    static BundleFixture minimal(Path root, String csvApiVersion, String csvAnnotations) throws IOException {
        BundleFixture bundle = new BundleFixture(root);
        bundle.write("metadata/annotations.yaml", ANNOTATIONS);
        bundle.write(CSV_FILE, csv(csvApiVersion, CSV_NAME, csvAnnotations));
        return bundle;
    }

    /** A CSV document with this apiVersion, name and annotation lines. */
    static String csv(String apiVersion, String name, String annotations) {
        return "apiVersion: " + apiVersion + "\n"
                + "kind: ClusterServiceVersion\n"
                + "metadata:\n"
                + "  name: " + name + "\n"
                + (annotations.isEmpty() ? "" : "  annotations:\n" + annotations)
                + """
                spec:
                  version: 0.1.0
                  displayName: Tiny Operator
                  installModes:
                    - {type: AllNamespaces, supported: true}
                  install:
                    strategy: deployment
                    spec:
                      deployments: []
                """;
    }

    Path root() {
        return root;
    }

    /** Writes a file relative to the bundle root, creating directories. */
    BundleFixture write(String relative, String content) throws IOException {
        Path file = root.resolve(relative);
        Files.createDirectories(file.getParent());
        Files.writeString(file, content, StandardCharsets.UTF_8);
        return this;
    }

    /**
     * Writes a ConfigMap whose one value is a single-line plain scalar of {@code length} 'x'
     * characters, streamed so that the test never holds it in memory.
     */
    BundleFixture writeLongScalar(String relative, long length) throws IOException {
        Path file = root.resolve(relative);
        Files.createDirectories(file.getParent());
        char[] chunk = "x".repeat(64 * 1024).toCharArray();
        try (BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            out.write("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: long\ndata:\n  blob: ");
            for (long written = 0; written < length; written += chunk.length) {
                out.write(chunk, 0, (int) Math.min(chunk.length, length - written));
            }
            out.write('\n');
        }
        return this;
    }
}
