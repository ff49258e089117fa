package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.source.testing.ImagePusher;
import dev.bundlectl.source.testing.RealRegistry;
import dev.bundlectl.source.testing.SampleImages;
import dev.bundlectl.source.testing.RealRegistryExtension;
import dev.bundlectl.source.testing.TestTar;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** The command line against the real registry, offline from any cluster: exit codes, one-line errors, the cache. */
@ExtendWith(RealRegistryExtension.class)
class RealRegistryCliTest {

    @TempDir
    Path temp;

    private String cache() {
        return temp.resolve("cache").toString();
    }

    @Test
    void planOfAnImageRecordsItsReferenceAndDigestAndASecondPlanReadsTheCache(RealRegistry registry) {
        String image = SampleImages.pushAll(registry);

        CliRun first = CliRun.of("plan", image, "-n", "demo", "-o", "json", "--cache-dir", cache());
        long blobs = registry.blobGets();
        CliRun second = CliRun.of("plan", image, "-n", "demo", "-o", "json", "--cache-dir", cache());

        assertThat(first.exitCode()).as(first.toString()).isZero();
        assertThat(first.out()).contains("\"bundlectl.dev/bundle-source\"").contains("\\\"reference\\\":\\\"" + image)
                .contains("\\\"digest\\\":\\\"sha256:");
        assertThat(first.out()).contains("\"bundlectl.dev/bundle-path\" : \"" + image + "\"");
        assertThat(second.exitCode()).isZero();
        assertThat(registry.blobGets()).as("a cached digest sends no blob request").isEqualTo(blobs);
        assertThat(second.out()).isEqualTo(first.out());
    }

    @Test
    void registryConfigCarriesTheCredentials(@RealRegistryExtension.Served(RealRegistry.Mode.HTPASSWD) RealRegistry registry) {
        String image = SampleImages.pushAll(registry);

        CliRun anonymous = CliRun.of("plan", image, "--cache-dir", cache());
        CliRun authorized = CliRun.of("plan", image, "--cache-dir", cache(), "--registry-config",
                registry.authFile().toString());

        assertThat(anonymous.exitCode()).as(anonymous.toString()).isEqualTo(ExitCode.ERROR);
        assertThat(anonymous.err().lines()).hasSize(1).first().asString().contains("asks for a user name and password");
        assertThat(authorized.exitCode()).as(authorized.toString()).isZero();
        assertThat(authorized.err() + authorized.out()).doesNotContain(RealRegistry.PASSWORD);
    }

    @Test
    void aBadReferenceIsInvalidInputOnOneLine() {
        CliRun run = CliRun.of("plan", "127.0.0.1:5000/Samples/X:v1", "--cache-dir", cache());

        assertThat(run.exitCode()).isEqualTo(ExitCode.INVALID_INPUT);
        assertThat(run.err().lines()).containsExactly("error: bad image reference \"127.0.0.1:5000/Samples/X:v1\": "
                + "repository component \"Samples\" is not valid (lower-case letters, digits, separated by . _ __ or -)");
    }

    @Test
    void anUnreachableRegistryExitsOneWithOneLine() throws IOException {
        int closed;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closed = socket.getLocalPort();
        }
        CliRun run = CliRun.of("install", "127.0.0.1:" + closed + "/samples/x:v1", "-n", "demo", "--cache-dir", cache());

        assertThat(run.exitCode()).as(run.toString()).isEqualTo(ExitCode.ERROR);
        assertThat(run.err().lines()).containsExactly("error: registry 127.0.0.1:" + closed
                + " is unreachable: connection refused");
    }

    @Test
    void aHostileImageIsRefusedAsInvalidInputAndLeavesNothingInTheCache(RealRegistry registry) throws IOException {
        new ImagePusher(registry).pushImage(SampleImages.REPOSITORY, "evil", ImagePusher.bundleLabels("registry+v1"),
                new TestTar().file("manifests/../../../evil.yaml", "kind: ConfigMap").gzip());

        CliRun run = CliRun.of("plan", registry.address() + "/" + SampleImages.REPOSITORY + ":evil", "--cache-dir", cache());

        assertThat(run.exitCode()).as(run.toString()).isEqualTo(ExitCode.INVALID_INPUT);
        assertThat(run.err().lines()).hasSize(1).first().asString().contains(".. path segment");
        assertThat(temp.resolve("cache/bundles")).doesNotExist();
        try (var left = Files.list(temp.resolve("cache/tmp"))) {
            assertThat(left).isEmpty();
        }
    }

    @Test
    void aCatalogImageIsListedFromTheDirectoryItsLabelNames(RealRegistry registry) {
        SampleImages.pushAll(registry);
        Path catalog = SampleImages.catalogFor(registry, temp.resolve("catalog"));
        new ImagePusher(registry).pushImage("samples/catalog", "latest",
                java.util.Map.of("operators.operatorframework.io.index.configs.v1", "/configs"),
                new TestTar().tree(catalog, "configs/").file("other/ignored.json", "{\"schema\": \"olm.package\", \"name\": \"x\"}")
                        .gzip());
        String image = registry.address() + "/samples/catalog:latest";

        CliRun list = CliRun.of("catalog", image, "--cache-dir", cache());
        CliRun plan = CliRun.of("plan", "--catalog", image, "--package", "cachebox-operator", "-n", "demo",
                "--cache-dir", cache());

        assertThat(list.exitCode()).as(list.toString()).isZero();
        assertThat(list.out()).contains("stable *   cachebox-operator.v0.4.0").doesNotContain("x ");
        assertThat(plan.exitCode()).as(plan.toString()).isZero();
        assertThat(plan.out()).containsPattern("ClusterServiceVersion\\s+cachebox-operator.v0.4.0");
    }

    @Test
    void aCatalogDirectoryWithVersionPlansThatVersionsImage(RealRegistry registry) {
        SampleImages.pushAll(registry);
        Path catalog = SampleImages.catalogFor(registry, temp.resolve("catalog"));

        CliRun plan = CliRun.of("plan", "--catalog", catalog.toString(), "--package", "cachebox-operator", "--version",
                "0.3.0", "-n", "demo", "--cache-dir", cache());

        assertThat(plan.exitCode()).as(plan.toString()).isZero();
        assertThat(plan.out()).containsPattern("ClusterServiceVersion\\s+cachebox-operator.v0.3.0");
    }

    @Test
    void aVersionRangePlansTheNewestVersionOfTheChannelInIt(RealRegistry registry) {
        SampleImages.pushAll(registry);
        Path catalog = SampleImages.catalogFor(registry, temp.resolve("catalog"));

        CliRun inRange = CliRun.of("plan", "--catalog", catalog.toString(), "--package", "cachebox-operator",
                "--version-range", ">=0.3.0 <0.4.0", "-n", "demo", "--cache-dir", cache());
        CliRun caret = CliRun.of("plan", "--catalog", catalog.toString(), "--package", "cachebox-operator",
                "--version-range", "^0.3", "-n", "demo", "--cache-dir", cache());
        CliRun none = CliRun.of("plan", "--catalog", catalog.toString(), "--package", "cachebox-operator",
                "--version-range", ">=1.0.0", "-n", "demo", "--cache-dir", cache());
        CliRun unreadable = CliRun.of("plan", "--catalog", catalog.toString(), "--package", "cachebox-operator",
                "--version-range", ">=one", "-n", "demo", "--cache-dir", cache());
        CliRun both = CliRun.of("plan", "--catalog", catalog.toString(), "--package", "cachebox-operator",
                "--version", "0.3.0", "--version-range", "^0.3", "-n", "demo", "--cache-dir", cache());

        assertThat(inRange.exitCode()).as(inRange.toString()).isZero();
        assertThat(inRange.out()).containsPattern("ClusterServiceVersion\\s+cachebox-operator.v0.3.1");
        assertThat(caret.out()).as(caret.toString()).containsPattern("ClusterServiceVersion\\s+cachebox-operator.v0.3.1");
        assertThat(none.exitCode()).as(none.toString()).isNotZero();
        assertThat(none.err()).contains("--version-range >=1.0.0: no version in channel stable of package "
                + "cachebox-operator is in the range (it has: ");
        assertThat(unreadable.exitCode()).isEqualTo(ExitCode.INVALID_INPUT);
        assertThat(unreadable.err().strip()).startsWith("error: --version-range: version range \">=one\":")
                .doesNotContain("\n");
        assertThat(both.err()).contains("give either --version or --version-range, not both");
    }

    @Test
    void templateOfACatalogChoiceRendersTheNewestVersionInTheRange(RealRegistry registry) {
        SampleImages.pushAll(registry);
        Path catalog = SampleImages.catalogFor(registry, temp.resolve("catalog"));

        CliRun template = CliRun.of("template", "--catalog", catalog.toString(), "--package", "cachebox-operator",
                "--version-range", "~0.3", "-n", "demo", "--csv-mode", "render", "--cache-dir", cache());

        assertThat(template.exitCode()).as(template.toString()).isZero();
        assertThat(template.out()).contains("app.kubernetes.io/version: 0.3.1").contains("kind: Deployment")
                .doesNotContain("owners.bundlectl.dev");
        assertThat(template.err()).contains("channel stable: cachebox-operator.v0.3.1");
    }
}
