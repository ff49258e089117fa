package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.executor.testing.RealApiServer;
import dev.bundlectl.executor.testing.RealApiServerExtension;
import dev.bundlectl.executor.testing.RealApiServerExtension.Served;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Cluster capabilities on a real kube-apiserver that serves OpenShift's ClusterVersion CRD: the
 * cluster's own {@code ClusterVersion/version} status decides when no capability option is given,
 * an excluded object that already exists enables its capability implicitly, and disabling a
 * capability that the last install enabled is refused before anything is written.
 */
@ExtendWith(RealApiServerExtension.class)
class RealServerCapabilitiesTest {

    private static final ResourceDefinitionContext CLUSTER_VERSIONS = new ResourceDefinitionContext.Builder()
            .withGroup("config.openshift.io").withVersion("v1").withKind("ClusterVersion")
            .withPlural("clusterversions").withNamespaced(false).build();

    private RealCluster cluster;
    private TestBundleDirectory bundle;

    @BeforeEach
    void setUp(@Served(RealApiServer.Flavour.OPENSHIFT) RealApiServer server, @TempDir Path dir) {
        ensureClusterVersion(server);
        cluster = RealCluster.in(server, "caps");
        bundle = TestBundleDirectory.create(dir.resolve("bundle"), "console-demo")
                .configMap("always")
                .configMap("console-a", "capability.openshift.io/name: Console")
                .configMap("console-b", "capability.openshift.io/name: Console")
                .configMap("insights-a", "capability.openshift.io/name: Insights");
    }

    /** ClusterVersion/version with Insights and MachineAPI enabled and Console known but disabled. */
    private static void ensureClusterVersion(RealApiServer server) {
        var versions = server.client().genericKubernetesResources(CLUSTER_VERSIONS);
        if (versions.withName("version").get() != null) {
            return;
        }
        GenericKubernetesResource created = versions.resource(Serialization.unmarshal("""
                {"apiVersion": "config.openshift.io/v1", "kind": "ClusterVersion",
                 "metadata": {"name": "version"},
                 "spec": {"clusterID": "6c7b1d3e-35a0-4b7c-9d5e-0d8e7f1a2b3c"}}
                """, GenericKubernetesResource.class)).create();
        created.setAdditionalProperty("status", Serialization.unmarshal("""
                {"availableUpdates": [], "observedGeneration": 1, "versionHash": "test",
                 "desired": {"version": "4.18.0", "image": "quay.io/openshift-release-dev/ocp-release:4.18.0"},
                 "capabilities": {"enabledCapabilities": ["Insights", "MachineAPI"],
                                  "knownCapabilities": ["Console", "Insights", "MachineAPI"]}}
                """, java.util.Map.class));
        versions.resource(created).updateStatus();
    }

    private String ns() {
        return cluster.namespace();
    }

    private static String status(JsonNode plan, String name) {
        return RealCluster.step(plan, null, name).path("status").asText();
    }

    private static List<String> texts(JsonNode array) {
        List<String> texts = new ArrayList<>();
        array.forEach(item -> texts.add(item.asText()));
        return texts;
    }

    private boolean exists(String name) {
        return cluster.client().configMaps().inNamespace(ns()).withName(name).get() != null;
    }

    @Test
    void withoutCapabilityOptionsTheClusterVersionsCapabilitiesApply() {
        CliRun plan = cluster.run("plan", bundle.toString(), "-n", ns(), "-o", "json");

        assertThat(plan.exitCode()).as(plan.toString()).isZero();
        assertThat(plan.err()).contains("capabilities: none given, so the cluster's own apply (ClusterVersion/version "
                + "status): 2 enabled, disabled: Console");
        JsonNode planned = RealCluster.json(plan);
        assertThat(status(planned, "console-a")).isEqualTo("NotCreated");
        assertThat(RealCluster.step(planned, null, "console-a").path("message").asText())
                .isEqualTo("capability Console disabled");
        assertThat(texts(planned.path("status").path("capabilities").path("enabledCapabilities")))
                .containsExactly("Insights", "MachineAPI");

        CliRun install = cluster.run("install", bundle.toString(), "-n", ns(), "-o", "json");

        assertThat(install.exitCode()).as(install.toString()).isZero();
        assertThat(exists("always")).isTrue();
        assertThat(exists("insights-a")).isTrue();
        assertThat(exists("console-a")).as("never sent to the server").isFalse();
        assertThat(exists("console-b")).isFalse();
    }

    @Test
    void anExcludedObjectThatAlreadyExistsImplicitlyEnablesItsCapability() {
        cluster.client().configMaps().inNamespace(ns()).resource(new ConfigMapBuilder().withNewMetadata()
                .withName("console-a").endMetadata().addToData("from", "elsewhere").build()).create();

        CliRun install = cluster.run("install", bundle.toString(), "-n", ns(), "--disable-capability", "Console",
                "-o", "json");

        assertThat(install.exitCode()).as(install.toString()).isZero();
        JsonNode installed = RealCluster.json(install);
        assertThat(texts(installed.path("status").path("capabilities").path("implicitlyEnabledCapabilities")))
                .containsExactly("Console");
        assertThat(install.err()).contains("ConfigMap/console-a");
        assertThat(exists("console-b")).as("implicitly enabled: applied").isTrue();
    }

    @Test
    void disablingACapabilityThatTheLastInstallEnabledIsRefusedBeforeAnythingIsWritten() {
        CliRun first = cluster.run("install", bundle.toString(), "-n", ns(), "--enable-capability", "Console");
        assertThat(first.exitCode()).as(first.toString()).isZero();
        String before = cluster.client().configMaps().inNamespace(ns()).withName("always").get().getMetadata()
                .getResourceVersion();
        int records = cluster.client().secrets().inNamespace(ns()).list().getItems().size();

        CliRun second = cluster.run("install", bundle.toString(), "-n", ns(), "--disable-capability", "Console");

        assertThat(second.exitCode()).as(second.toString()).isEqualTo(ExitCode.INVALID_INPUT);
        assertThat(second.err()).contains("capability Console was enabled by an earlier install of this target and "
                + "cannot be disabled").contains("The following capabilities could not be disabled: Console");
        assertThat(cluster.client().configMaps().inNamespace(ns()).withName("always").get().getMetadata()
                .getResourceVersion()).as("untouched").isEqualTo(before);
        assertThat(cluster.client().secrets().inNamespace(ns()).list().getItems()).as("no new record")
                .hasSize(records);
    }
}
