package dev.bundlectl.bundle;

import dev.bundlectl.bundle.read.BundleReader;
import static dev.bundlectl.bundle.TestFiles.CSV;
import static dev.bundlectl.bundle.TestFiles.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hostile and broken bundles: each is rejected with an error naming the file and the problem. The
 * large inputs are generated here, never committed. The timeouts are a safety net against a
 * regression that would hang the build, not a speed requirement; the measured times are printed.
 */
class BadInputTest {

    private static final Duration SAFETY_NET = Duration.ofSeconds(10);

    @TempDir
    Path root;

    private final BundleReader reader = new BundleReader();

    private BundleReadResult timedRead(TestInfo test) {
        return assertTimeoutPreemptively(SAFETY_NET, () -> {
            long start = System.nanoTime();
            BundleReadResult result = reader.read(root);
            System.out.printf("bad input %-40s read in %4d ms%n", test.getTestMethod().orElseThrow().getName(),
                    (System.nanoTime() - start) / 1_000_000);
            return result;
        });
    }

    private static Diagnostic errorIn(BundleReadResult result, String file) {
        assertThat(result.bundle()).isEmpty();
        return result.diagnostics().errors().stream()
                .filter(e -> e.location().file().equals(file))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no error for " + file + " in " + result.diagnostics().all()));
    }

    @Test
    void aliasBomb(TestInfo test) {
        write(root, "manifests/csv.yaml", CSV);
        StringBuilder bomb = new StringBuilder("apiVersion: v1\nkind: ConfigMap\nmetadata: {name: lol}\n");
        bomb.append("a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n");
        for (char level = 'b'; level <= 'j'; level++) {
            String previous = "*" + (char) (level - 1);
            String[] copies = new String[9];
            Arrays.fill(copies, previous);
            bomb.append(level).append(": &").append(level).append(" [").append(String.join(",", copies)).append("]\n");
        }
        write(root, "manifests/bomb.yaml", bomb.toString());

        Diagnostic error = errorIn(timedRead(test), "manifests/bomb.yaml");

        assertThat(error.location().documentIndex()).isZero();
        assertThat(error.message()).contains("aliases expand to more than 100000 nodes").contains("alias bomb");
    }

    @Test
    void fiftyMegabyteOneLineScalar(TestInfo test) throws IOException {
        write(root, "manifests/csv.yaml", CSV);
        Path huge = root.resolve("manifests/huge.yaml");
        byte[] chunk = "x".repeat(1 << 20).getBytes(StandardCharsets.US_ASCII);
        try (OutputStream out = Files.newOutputStream(huge)) {
            out.write("data: ".getBytes(StandardCharsets.US_ASCII));
            for (int i = 0; i < 50; i++) {
                out.write(chunk);
            }
        }

        Diagnostic error = errorIn(timedRead(test), "manifests/huge.yaml");

        assertThat(error.message()).isEqualTo("the file is 52428806 bytes, more than the limit of 16777216 bytes;"
                + " it was not read");
    }

    @Test
    void twoMegabyteOneLineScalarUnderTheFileLimit(TestInfo test) {
        write(root, "manifests/csv.yaml", CSV);
        write(root, "manifests/wide.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: w}\ndata: {k: "
                + "x".repeat(2 << 20) + "}\n");

        Diagnostic error = errorIn(timedRead(test), "manifests/wide.yaml");

        assertThat(error.message()).startsWith("line 4 is longer than the limit of 1048576 bytes");
    }

    @Test
    void nestingTenThousandDeep(TestInfo test) {
        write(root, "manifests/csv.yaml", CSV);
        write(root, "manifests/deep.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: deep}\ndata: "
                + "[".repeat(10_000) + "]".repeat(10_000) + "\n");

        Diagnostic error = errorIn(timedRead(test), "manifests/deep.yaml");

        assertThat(error.message()).startsWith("mappings and sequences nest deeper than 256 levels").contains("line 4");
    }

    @Test
    void nestingTenThousandDeepInJson(TestInfo test) {
        write(root, "manifests/csv.yaml", CSV);
        write(root, "manifests/deep.json", "{\"a\": " + "{\"a\": ".repeat(10_000) + "1" + "}".repeat(10_001));

        Diagnostic error = errorIn(timedRead(test), "manifests/deep.json");

        assertThat(error.message()).startsWith("mappings and sequences nest deeper than 256 levels");
    }

    @Test
    void noCsv(TestInfo test) {
        TestFiles.bundle(root);
        write(root, "manifests/demo.clusterserviceversion.yaml", "");

        assertThat(errorIn(timedRead(test), "manifests/").message())
                .isEqualTo("the bundle has no valid ClusterServiceVersion; it needs exactly one");
    }

    @Test
    void twoCsvs(TestInfo test) {
        TestFiles.bundle(root);
        write(root, "manifests/second.yaml", CSV.replace("demo.v1.2.3", "other.v1.0.0"));

        assertThat(errorIn(timedRead(test), "manifests/").message()).contains("2 ClusterServiceVersions")
                .contains("manifests/demo.clusterserviceversion.yaml[doc 0]").contains("manifests/second.yaml[doc 0]");
    }

    @Test
    void missingKind(TestInfo test) {
        TestFiles.bundle(root);
        write(root, "manifests/servicemonitor.yaml", TestFiles.SERVICE_MONITOR.replace("kind: ServiceMonitor\n", ""));

        Diagnostic error = errorIn(timedRead(test), "manifests/servicemonitor.yaml");

        assertThat(error.toString()).isEqualTo(
                "error: manifests/servicemonitor.yaml[doc 0]: demo-metrics: field kind: the object has no kind");
    }

    @Test
    void malformedOlmPropertiesJson(TestInfo test) {
        TestFiles.bundle(root);
        write(root, "manifests/demo.clusterserviceversion.yaml",
                CSV.replace("capabilities: Basic Install", "olm.properties: '[{\"type\": \"olm.label\"'"));

        Diagnostic error = errorIn(timedRead(test), "manifests/demo.clusterserviceversion.yaml");

        assertThat(error.object()).isEqualTo("ClusterServiceVersion/demo.v1.2.3");
        assertThat(error.field()).isEqualTo("metadata.annotations[\"olm.properties\"]");
        assertThat(error.message()).startsWith("the annotation is not valid JSON: ");
    }

    @Test
    void optionalEntryThatMatchesNothingIsOnlyAWarning(TestInfo test) {
        TestFiles.bundle(root);
        write(root, "metadata/properties.yaml", """
                properties:
                - type: olm.manifests.optional
                  value:
                    manifests:
                    - {group: autoscaling.k8s.io/v1, kind: VerticalPodAutoscaler, name: my-vpa}
                """);

        BundleReadResult result = timedRead(test);

        assertThat(result.bundle()).isPresent();
        assertThat(result.diagnostics().errors()).isEmpty();
        assertThat(result.diagnostics().warnings()).extracting(Diagnostic::message).anySatisfy(
                m -> assertThat(m).contains("no manifest in the bundle is VerticalPodAutoscaler/my-vpa"));
    }

    @Test
    void unreadableFileIsADiagnostic(TestInfo test) throws IOException {
        TestFiles.bundle(root);
        Path locked = write(root, "manifests/locked.yaml", "kind: X\n");
        boolean revoked = locked.toFile().setReadable(false, false) && !Files.isReadable(locked);
        try {
            BundleReadResult result = timedRead(test);
            if (revoked) {
                assertThat(errorIn(result, "manifests/locked.yaml").message()).startsWith("cannot read the file: ");
            } else {
                // Running as root: permissions do not stop reading, the object is simply invalid.
                assertThat(errorIn(result, "manifests/locked.yaml").field()).isEqualTo("apiVersion");
            }
        } finally {
            locked.toFile().setReadable(true, false);
        }
    }
}
