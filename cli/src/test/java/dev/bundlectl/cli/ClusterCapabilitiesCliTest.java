package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.executor.testing.Manifests;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Capabilities decided against a cluster (semantics.md §4) through {@code plan --kubeconfig} and
 * {@code install}: the cluster's own ClusterVersion, implicit enablement from live objects and
 * from the previous install record, a rejected disabling, and a capability enabled later.
 */
class ClusterCapabilitiesCliTest {

    private static final String PACKAGE = "console-demo";

    private CliCluster cluster;
    private Path dir;
    private TestBundleDirectory bundle;

    @BeforeEach
    void start(@TempDir Path dir) {
        this.dir = dir;
        cluster = CliCluster.start(dir);
        bundle = TestBundleDirectory.create(dir.resolve("bundle"), PACKAGE)
                .configMap("always")
                .configMap("console-a", "capability.openshift.io/name: Console")
                .configMap("console-b", "capability.openshift.io/name: Console")
                .configMap("insights-a", "capability.openshift.io/name: Insights");
    }

    @AfterEach
    void stop() {
        cluster.close();
    }

    private static JsonNode plan(CliRun run) {
        assertThat(run.exitCode()).as(run.toString()).isIn(0, 3);
        return CliCluster.read(run.out());
    }

    private static JsonNode step(JsonNode plan, String name) {
        for (JsonNode step : plan.path("status").path("plan")) {
            if (step.path("resource").path("name").asText().equals(name)) {
                return step;
            }
        }
        throw new AssertionError("no step " + name + " in " + plan);
    }

    private static List<String> texts(JsonNode array) {
        List<String> texts = new ArrayList<>();
        array.forEach(item -> texts.add(item.asText()));
        return texts;
    }

    private static JsonNode condition(JsonNode plan, String type) {
        for (JsonNode condition : plan.path("status").path("conditions")) {
            if (condition.path("type").asText().equals(type)) {
                return condition;
            }
        }
        throw new AssertionError("no condition " + type + " in " + plan.path("status").path("conditions"));
    }

    private void seedConfigMap(String name) {
        ObjectNodeSeed.configMap(cluster, name);
    }

    @Test
    void withoutCapabilityOptionsTheClusterVersionsCapabilitiesApply() {
        cluster.withClusterVersion(List.of("Insights", "MachineAPI"), List.of("Console", "Insights", "MachineAPI"));

        CliRun run = cluster.run("plan", bundle.toString(), "-n", "demo", "-o", "json");

        JsonNode plan = plan(run);
        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(run.err()).contains("capabilities: none given, so the cluster's own apply (ClusterVersion/version "
                + "status): 2 enabled, disabled: Console");
        assertThat(step(plan, "console-a").path("status").asText()).isEqualTo("NotCreated");
        assertThat(step(plan, "console-a").path("message").asText()).isEqualTo("capability Console disabled");
        assertThat(step(plan, "insights-a").path("status").asText()).isEqualTo("Unknown");
        assertThat(texts(plan.path("status").path("capabilities").path("enabledCapabilities")))
                .containsExactly("Insights", "MachineAPI");

        CliRun install = cluster.run("install", bundle.toString(), "-n", "demo", "--create-namespace", "-o", "json");
        assertThat(install.exitCode()).as(install.toString()).isZero();
        assertThat(cluster.createdNames()).contains("always", "insights-a").doesNotContain("console-a", "console-b");
    }

    @Test
    void aClusterThatListsNoOpenShiftConfigGroupIsNotAskedForItsClusterVersion() {
        CliRun run = cluster.run("plan", bundle.toString(), "-n", "demo", "-o", "json");

        JsonNode plan = plan(run);
        assertThat(step(plan, "console-a").path("status").asText()).isEqualTo("Unknown");
        assertThat(cluster.mock().requests()).as("requests")
                .noneMatch(request -> request.path().startsWith("/apis/config.openshift.io"));
    }

    @Test
    void anOfflinePlanIgnoresTheCluster() {
        cluster.withClusterVersion(List.of(), List.of("Console", "Insights"));

        CliRun run = CliRun.of("plan", bundle.toString(), "-n", "demo", "-o", "json");

        assertThat(step(plan(run), "console-a").path("status").asText()).isEqualTo("Unknown");
        assertThat(cluster.mock().requests()).isEmpty();
    }

    @Test
    void anExcludedObjectThatAlreadyExistsImplicitlyEnablesItsCapability() {
        seedConfigMap("console-a");

        CliRun plan = cluster.run("plan", bundle.toString(), "-n", "demo", "--disable-capability", "Console",
                "-o", "json");

        JsonNode planned = plan(plan);
        assertThat(plan.exitCode()).as(plan.toString()).isZero();
        assertThat(texts(planned.path("status").path("capabilities").path("implicitlyEnabledCapabilities")))
                .containsExactly("Console");
        JsonNode implicit = condition(planned, "ImplicitlyEnabledCapabilities");
        assertThat(implicit.path("status").asText()).isEqualTo("True");
        assertThat(implicit.path("message").asText()).isEqualTo("The following capabilities could not be disabled: Console");
        assertThat(step(planned, "console-b").path("status").asText()).isEqualTo("Unknown");
        assertThat(step(planned, "insights-a").path("status").asText()).isEqualTo("Unknown");
        assertThat(plan.err()).contains("ConfigMap/console-a").contains("capability Console is disabled, so Console is "
                + "implicitly enabled");

        cluster.mock().clearRequests();
        CliRun install = cluster.run("install", bundle.toString(), "-n", "demo", "--create-namespace",
                "--disable-capability", "Console", "-o", "json");
        assertThat(install.exitCode()).as(install.toString()).isZero();
        assertThat(cluster.writtenNames()).contains("console-a", "console-b");
        JsonNode installed = CliCluster.read(install.out());
        assertThat(condition(installed, "Installed").path("status").asText()).isEqualTo("True");
        assertThat(condition(installed, "ImplicitlyEnabledCapabilities").path("status").asText()).isEqualTo("True");
    }

    @Test
    void anObjectTheLastInstallAppliedImplicitlyEnablesItsCapabilityEvenWhenItIsGone() {
        TestBundleDirectory before = TestBundleDirectory.create(dir.resolve("v1"), PACKAGE)
                .configMap("always")
                .configMap("registry-settings");
        CliRun first = cluster.run("install", before.toString(), "-n", "demo", "--create-namespace");
        assertThat(first.exitCode()).as(first.toString()).isZero();
        cluster.connection().client().configMaps().inNamespace("demo").withName("registry-settings").delete();
        // The next version moves the ConfigMap into a capability that is disabled.
        TestBundleDirectory after = TestBundleDirectory.create(dir.resolve("v2"), PACKAGE)
                .configMap("always")
                .configMap("registry-settings", "capability.openshift.io/name: ImageRegistry")
                .configMap("registry-extra", "capability.openshift.io/name: ImageRegistry");
        cluster.mock().clearRequests();

        CliRun second = cluster.run("install", after.toString(), "-n", "demo", "--disable-capability", "ImageRegistry",
                "-o", "json");

        assertThat(second.exitCode()).as(second.toString()).isZero();
        JsonNode installed = CliCluster.read(second.out());
        assertThat(texts(installed.path("status").path("capabilities").path("implicitlyEnabledCapabilities")))
                .containsExactly("ImageRegistry");
        assertThat(cluster.createdNames()).contains("registry-settings", "registry-extra");
    }

    @Test
    void disablingACapabilityThatTheLastInstallEnabledIsRejectedBeforeAnythingIsApplied() {
        CliRun first = cluster.run("install", bundle.toString(), "-n", "demo", "--create-namespace",
                "--enable-capability", "Console");
        assertThat(first.exitCode()).as(first.toString()).isZero();
        cluster.mock().clearRequests();

        CliRun second = cluster.run("install", bundle.toString(), "-n", "demo", "--disable-capability", "Console");

        assertThat(second.exitCode()).as(second.toString()).isEqualTo(ExitCode.INVALID_INPUT);
        assertThat(second.err()).contains("capability Console was enabled by an earlier install of this target and "
                + "cannot be disabled").contains("The following capabilities could not be disabled: Console");
        assertThat(cluster.mock().writes()).isEmpty();

        CliRun plan = cluster.run("plan", bundle.toString(), "-n", "demo", "--disable-capability", "Console");
        assertThat(plan.exitCode()).as(plan.toString()).isEqualTo(ExitCode.INVALID_INPUT);
        assertThat(plan.err()).contains("cannot be disabled");
    }

    @Test
    void aReviewedPlanThatDisablesACapabilityTheLastInstallEnabledIsRejected() throws IOException {
        CliRun first = cluster.run("install", bundle.toString(), "-n", "demo", "--create-namespace",
                "--enable-capability", "Console");
        assertThat(first.exitCode()).as(first.toString()).isZero();
        CliRun offline = CliRun.of("plan", bundle.toString(), "-n", "demo", "--disable-capability", "Console",
                "-o", "json");
        Path planFile = dir.resolve("reviewed.json");
        Files.writeString(planFile, offline.out());
        cluster.mock().clearRequests();
        CliRun reviewed = cluster.run("install", "--plan-file", planFile.toString(), "-n", "demo");

        assertThat(reviewed.exitCode()).as(reviewed.toString()).isEqualTo(ExitCode.INVALID_INPUT);
        assertThat(reviewed.err()).contains("error: " + planFile + ": capability Console was enabled by an earlier "
                + "install of this target and cannot be disabled");
        assertThat(cluster.mock().writes()).isEmpty();
    }

    @Test
    void enablingACapabilityLaterAppliesTheStepsItSkipped() {
        CliRun first = cluster.run("install", bundle.toString(), "-n", "demo", "--create-namespace",
                "--disable-capability", "Console", "-o", "json");
        assertThat(first.exitCode()).as(first.toString()).isZero();
        assertThat(step(CliCluster.read(first.out()), "console-a").path("status").asText()).isEqualTo("NotCreated");
        assertThat(cluster.createdNames()).doesNotContain("console-a", "console-b");
        cluster.mock().clearRequests();

        CliRun second = cluster.run("install", bundle.toString(), "-n", "demo", "--enable-capability", "Console",
                "-o", "json");

        assertThat(second.exitCode()).as(second.toString()).isZero();
        JsonNode installed = CliCluster.read(second.out());
        assertThat(step(installed, "console-a").path("status").asText()).isEqualTo("Created");
        assertThat(step(installed, "console-b").path("status").asText()).isEqualTo("Created");
        assertThat(step(installed, "always").path("status").asText()).isEqualTo("Present");
        assertThat(cluster.writtenNames()).contains("console-a", "console-b");
    }

    /** Seeds objects through the mock's own client, as if someone else had created them. */
    private static final class ObjectNodeSeed {
        static void configMap(CliCluster cluster, String name) {
            var map = Manifests.configMap(name, Map.of("from", "elsewhere"));
            map.withObject("/metadata").put("namespace", "demo");
            cluster.connection().client().resource(Manifests.write(map)).inNamespace("demo").create();
        }
    }
}
