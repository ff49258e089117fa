package dev.bundlectl.cli;

import static dev.bundlectl.executor.testing.PayloadDirectory.configMap;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.executor.testing.Manifests;
import dev.bundlectl.executor.testing.PayloadDirectory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Installing a release-payload directory through the CLI: run-graph order, install levels only
 * on the first install (as the install records tell, for both plan and install), and
 * {@code release.openshift.io/delete} across installs (seed 004).
 */
class PayloadInstallCliTest {

    private static final String NS = "demo";

    private CliCluster cluster;
    private PayloadDirectory payload;

    @BeforeEach
    void start(@TempDir Path dir) {
        cluster = CliCluster.start(dir);
        payload = new PayloadDirectory(dir.resolve("payload"));
    }

    @AfterEach
    void stop() {
        cluster.close();
    }

    private CliRun install(String... extra) {
        List<String> args = new ArrayList<>(List.of("install", payload.root().toString(), "-n", NS,
                "--create-namespace", "-o", "json"));
        args.addAll(List.of(extra));
        CliRun run = cluster.run(args.toArray(String[]::new));
        assertThat(run.exitCode()).as(run.toString()).isZero();
        return run;
    }

    private static JsonNode step(CliRun run, String name) {
        for (JsonNode step : CliCluster.read(run.out()).path("status").path("plan")) {
            if (step.path("resource").path("name").asText().equals(name)) {
                return step;
            }
        }
        throw new AssertionError("no step " + name + " in " + run);
    }

    private static List<String> stepNames(CliRun run) {
        List<String> names = new ArrayList<>();
        CliCluster.read(run.out()).path("status").path("plan")
                .forEach(step -> names.add(step.path("resource").path("name").asText()));
        return names;
    }

    private boolean legacyExists() {
        return cluster.connection().client().configMaps().inNamespace(NS).withName("legacy").get() != null;
    }

    private void createLegacy() {
        var legacy = Manifests.configMap("legacy", Map.of());
        legacy.withObject("/metadata").put("namespace", NS);
        cluster.connection().client().resource(Manifests.write(legacy)).inNamespace(NS).create();
    }

    @Test
    void aPayloadIsAppliedInRunGraphOrderNotCrdsFirst() {
        payload.file("0000_10_config_00_settings.yaml", configMap(NS, "settings"))
                .file("0000_20_widgets_00_crd.yaml", PayloadDirectory.widgetCrd())
                .file("0000_20_widgets_01_sample.yaml", """
                        apiVersion: example.com/v1
                        kind: Widget
                        metadata: {name: sample, namespace: demo}
                        """);

        CliRun run = install("--concurrency", "1");

        assertThat(cluster.createdNames()).containsExactly(NS, "settings", "widgets.example.com", "sample");
        assertThat(step(run, "sample").path("status").asText()).isEqualTo("Created");
    }

    @Test
    void installLevelsOrderTheFirstInstallOnlyAndTheLivePlanKnowsWhichItIs() {
        payload.file("0000_10_alpha_00_late.yaml", configMap(NS, "alpha-late",
                        "release.openshift.io/install-level: \"1\"", "release.openshift.io/create-only: \"true\""))
                .file("0000_10_alpha_01_config.yaml", configMap(NS, "alpha-config"))
                .file("0000_20_beta_00_config.yaml", configMap(NS, "beta-config"));

        CliRun firstPlan = cluster.run("plan", payload.root().toString(), "-n", NS, "-o", "json");
        assertThat(stepNames(firstPlan)).containsExactly("alpha-config", "beta-config", "alpha-late");
        install("--concurrency", "1");
        assertThat(cluster.createdNames()).containsExactly(NS, "alpha-config", "beta-config", "alpha-late");

        CliRun laterPlan = cluster.run("plan", payload.root().toString(), "-n", NS, "-o", "json");
        assertThat(stepNames(laterPlan)).containsExactly("alpha-late", "alpha-config", "beta-config");
        cluster.mock().clearRequests();
        // Without a preflight every object is sent again; with one, those found as the first install
        // left them would be left out (RealServerUnchangedObjectsTest), and the order not shown.
        install("--concurrency", "1", "--no-preflight");
        assertThat(cluster.writtenNames()).containsExactly("alpha-late", "alpha-config", "beta-config");
    }

    @Test
    void aDeleteManifestIsSkippedOnTheFirstInstallDeletedLaterAndWarnedAboutWhenItReappears() {
        payload.file("0000_10_demo_00_keep.yaml", configMap(NS, "keep"))
                .file("0000_10_demo_01_legacy.yaml", configMap(NS, "legacy", "release.openshift.io/delete: \"true\""));
        createLegacy();

        CliRun first = install();
        assertThat(step(first, "legacy").path("status").asText()).isEqualTo("NotCreated");
        assertThat(step(first, "legacy").path("message").asText()).isEqualTo("not deleted: a first install deletes nothing (release.openshift.io/delete)");
        assertThat(cluster.mock().requests("DELETE", "/api/v1/namespaces/demo/configmaps")).isEmpty();
        assertThat(legacyExists()).isTrue();

        CliRun second = install();
        assertThat(step(second, "legacy").path("status").asText()).isEqualTo("Deleted");
        assertThat(step(second, "legacy").path("message").asText()).isEqualTo("deletion requested");
        assertThat(cluster.mock().requests("DELETE", "/api/v1/namespaces/demo/configmaps/legacy")).hasSize(1);
        assertThat(legacyExists()).isFalse();
        assertThat(second.err()).doesNotContain("reappeared");

        CliRun third = install();
        assertThat(step(third, "legacy").path("status").asText()).isEqualTo("Deleted");
        assertThat(step(third, "legacy").path("message").asText()).isEqualTo("already gone");
        assertThat(third.err()).doesNotContain("reappeared");

        createLegacy();
        CliRun fourth = install();
        assertThat(step(fourth, "legacy").path("message").asText()).isEqualTo("deletion requested");
        assertThat(fourth.err()).containsPattern(
                "warning: ConfigMap \"demo/legacy\" has reappeared after having been deleted at \\d{4}-\\d\\d-\\d\\dT");
        assertThat(legacyExists()).isFalse();
    }
}
