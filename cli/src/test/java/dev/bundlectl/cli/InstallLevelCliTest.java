package dev.bundlectl.cli;

import static dev.bundlectl.executor.testing.PayloadDirectory.configMap;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.executor.testing.PayloadDirectory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Seed 002's install levels through the CLI: every invalid annotation stops {@code plan} and
 * {@code install} with exit 2 before anything is applied, for bundles, payloads and reviewed
 * plans; a bundle's first install runs level 1 last, and a later install (as the install records
 * tell) does not stage.
 */
class InstallLevelCliTest {

    private static final String LEVEL_ONE = "release.openshift.io/install-level: \"1\"";
    private static final String CREATE_ONLY = "release.openshift.io/create-only: \"true\"";

    private CliCluster cluster;
    private Path dir;

    @BeforeEach
    void start(@TempDir Path dir) {
        this.dir = dir;
        cluster = CliCluster.start(dir);
    }

    @AfterEach
    void stop() {
        cluster.close();
    }

    private void assertRejectedEverywhere(Path input, String... expectedErrorParts) {
        CliRun plan = CliRun.of("plan", input.toString(), "-n", "demo");
        assertThat(plan.exitCode()).as(plan.toString()).isEqualTo(ExitCode.INVALID_INPUT);
        assertThat(plan.err()).contains(expectedErrorParts);

        CliRun livePlan = cluster.run("plan", input.toString(), "-n", "demo");
        assertThat(livePlan.exitCode()).as(livePlan.toString()).isEqualTo(ExitCode.INVALID_INPUT);

        CliRun install = cluster.run("install", input.toString(), "-n", "demo", "--create-namespace");
        assertThat(install.exitCode()).as(install.toString()).isEqualTo(ExitCode.INVALID_INPUT);
        assertThat(install.err()).contains(expectedErrorParts);
        assertThat(cluster.mock().writes()).isEmpty();
    }

    @Test
    void aBundleWithAnInstallLevelOtherThanZeroOrOneIsRejected() {
        TestBundleDirectory bundle = TestBundleDirectory.create(dir.resolve("bundle"), "levels")
                .configMap("settings", "release.openshift.io/install-level: \"2\"", CREATE_ONLY);

        assertRejectedEverywhere(bundle.root(), "manifests/settings.configmap.yaml", "ConfigMap/settings",
                "field metadata.annotations[release.openshift.io/install-level]", "invalid install level \"2\"");
    }

    @Test
    void aBundleWithAnInstallLevelOnAManifestThatIsNotCreateOnlyIsRejected() {
        TestBundleDirectory bundle = TestBundleDirectory.create(dir.resolve("bundle"), "levels")
                .configMap("settings", LEVEL_ONE);

        assertRejectedEverywhere(bundle.root(), "ConfigMap/settings",
                "release.openshift.io/install-level requires release.openshift.io/create-only: \"true\"");
    }

    @Test
    void aPayloadWithAnInvalidInstallLevelIsRejected() {
        PayloadDirectory payload = new PayloadDirectory(dir.resolve("payload"))
                .file("0000_10_demo_00_ok.yaml", configMap("demo", "ok"))
                .file("0000_10_demo_01_bad.yaml", configMap("demo", "bad",
                        "release.openshift.io/install-level: \"later\"", CREATE_ONLY));

        assertRejectedEverywhere(payload.root(), "0000_10_demo_01_bad.yaml", "ConfigMap/bad",
                "invalid install level \"later\"");
    }

    @Test
    void anEditedReviewedPlanWithAnInvalidInstallLevelIsRejected() throws IOException {
        TestBundleDirectory bundle = TestBundleDirectory.create(dir.resolve("bundle"), "levels")
                .configMap("settings", LEVEL_ONE, CREATE_ONLY);
        CliRun planned = CliRun.of("plan", bundle.toString(), "-n", "demo", "-o", "json");
        assertThat(planned.exitCode()).as(planned.toString()).isZero();
        ObjectNode plan = (ObjectNode) CliCluster.read(planned.out());
        for (var step : plan.path("status").path("plan")) {
            ((ObjectNode) step.path("resource")).put("manifest", step.path("resource").path("manifest").asText()
                    .replace("\"release.openshift.io/install-level\":\"1\"",
                            "\"release.openshift.io/install-level\":\"3\""));
        }
        Path planFile = dir.resolve("plan.json");
        Files.writeString(planFile, plan.toString());

        CliRun install = cluster.run("install", "--plan-file", planFile.toString(), "-n", "demo", "--create-namespace");

        assertThat(install.exitCode()).as(install.toString()).isEqualTo(ExitCode.INVALID_INPUT);
        assertThat(install.err()).contains(planFile + ": ConfigMap/settings: field "
                + "metadata.annotations[release.openshift.io/install-level]: invalid install level \"3\"");
        assertThat(cluster.mock().writes()).isEmpty();
    }

    @Test
    void aBundlesFirstInstallRunsLevelOneLastAndALaterInstallDoesNotStage() {
        TestBundleDirectory bundle = TestBundleDirectory.create(dir.resolve("bundle"), "levels")
                .configMap("a-late", LEVEL_ONE, CREATE_ONLY)
                .configMap("b")
                .configMap("c");

        CliRun first = cluster.run("install", bundle.toString(), "-n", "demo", "--create-namespace",
                "--concurrency", "1");
        assertThat(first.exitCode()).as(first.toString()).isZero();
        // The Namespace demo, then OLM mode's OperatorGroup demo (level 0, before the CSV).
        assertThat(cluster.createdNames()).containsExactly("demo", "demo", "levels.v1.0.0", "b", "c", "a-late");

        cluster.mock().clearRequests();
        // Without a preflight every object is sent again, so that the order shows; with one, those
        // found as the first install left them would be left out (RealServerUnchangedObjectsTest).
        CliRun second = cluster.run("install", bundle.toString(), "-n", "demo", "--concurrency", "1", "--no-preflight");
        assertThat(second.exitCode()).as(second.toString()).isZero();
        // OLM mode's OperatorGroup demo is applied again first (it is bundlectl's own).
        assertThat(cluster.writtenNames()).containsExactly("demo", "levels.v1.0.0", "a-late", "b", "c");
    }
}
