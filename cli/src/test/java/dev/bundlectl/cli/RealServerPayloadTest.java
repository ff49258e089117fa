package dev.bundlectl.cli;

import static dev.bundlectl.executor.testing.PayloadDirectory.configMap;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.executor.testing.PayloadDirectory;
import dev.bundlectl.executor.testing.RealApiServer;
import dev.bundlectl.executor.testing.RealApiServerExtension;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A release-payload directory on a real kube-apiserver: run levels in order (the order is read
 * back from the objects' resourceVersions, which etcd hands out in write order), create-only
 * objects left alone, and {@code release.openshift.io/delete} skipped on the first install and
 * carried out on the next.
 */
@ExtendWith(RealApiServerExtension.class)
class RealServerPayloadTest {

    private CliRun install(RealCluster cluster, PayloadDirectory payload, String... extra) {
        List<String> args = new ArrayList<>(List.of("install", payload.root().toString(), "-n", cluster.namespace(),
                "-o", "json"));
        args.addAll(List.of(extra));
        CliRun run = cluster.run(args.toArray(String[]::new));
        assertThat(run.exitCode()).as(run.toString()).isZero();
        return run;
    }

    @Test
    void runLevelsApplyInOrderAndACrdIsEstablishedBeforeItsObjects(RealApiServer server, @TempDir Path dir) {
        RealCluster cluster = RealCluster.in(server, "levels");
        String ns = cluster.namespace();
        PayloadDirectory payload = new PayloadDirectory(dir.resolve("payload"))
                .file("0000_30_late_00_config.yaml", configMap(ns, "late"))
                .file("0000_10_early_00_config.yaml", configMap(ns, "early"))
                .file("0000_20_widgets_00_crd.yaml", PayloadDirectory.widgetCrd())
                .file("0000_20_widgets_01_sample.yaml", """
                        apiVersion: example.com/v1
                        kind: Widget
                        metadata: {name: sample, namespace: %s}
                        """.formatted(ns));

        CliRun run = install(cluster, payload, "--concurrency", "1");

        JsonNode plan = RealCluster.json(run);
        assertThat(RealCluster.step(plan, "Widget", "sample").path("status").asText()).isIn("Created", "Present");
        long early = version(cluster.client().configMaps().inNamespace(ns).withName("early").get().getMetadata()
                .getResourceVersion());
        long late = version(cluster.client().configMaps().inNamespace(ns).withName("late").get().getMetadata()
                .getResourceVersion());
        long sample = version(cluster.get("example.com/v1", "Widget", "widgets", "sample").getMetadata()
                .getResourceVersion());
        assertThat(List.of(early, sample, late)).as("level 10, then 20, then 30").isSorted();
    }

    @Test
    void createOnlyObjectsAreLeftAloneAndDeleteManifestsWaitForTheSecondInstall(RealApiServer server,
            @TempDir Path dir) {
        RealCluster cluster = RealCluster.in(server, "annotations");
        String ns = cluster.namespace();
        PayloadDirectory payload = new PayloadDirectory(dir.resolve("payload"))
                .file("0000_10_demo_00_keep.yaml", configMap(ns, "keep", "release.openshift.io/create-only: \"true\""))
                .file("0000_10_demo_01_legacy.yaml", configMap(ns, "legacy", "release.openshift.io/delete: \"true\""));
        cluster.client().configMaps().inNamespace(ns).resource(new ConfigMapBuilder().withNewMetadata()
                .withName("legacy").endMetadata().build()).create();

        CliRun first = install(cluster, payload);

        assertThat(RealCluster.step(RealCluster.json(first), "ConfigMap", "legacy").path("status").asText())
                .isEqualTo("NotCreated");
        assertThat(cluster.client().configMaps().inNamespace(ns).withName("legacy").get()).as("kept on a first install")
                .isNotNull();
        cluster.client().configMaps().inNamespace(ns).withName("keep").edit(map -> new ConfigMapBuilder(map)
                .addToData(Map.of("changed", "by someone else")).build());

        CliRun second = install(cluster, payload);

        JsonNode plan = RealCluster.json(second);
        assertThat(RealCluster.step(plan, "ConfigMap", "legacy").path("status").asText()).isEqualTo("Deleted");
        assertThat(cluster.client().configMaps().inNamespace(ns).withName("legacy").get()).isNull();
        assertThat(RealCluster.step(plan, "ConfigMap", "keep").path("status").asText()).isEqualTo("Present");
        assertThat(cluster.client().configMaps().inNamespace(ns).withName("keep").get().getData())
                .as("create-only: left as it is").containsEntry("changed", "by someone else");
    }

    @Test
    void planAgainstTheClusterOnAFirstInstallShowsTheDeleteSkippedWithItsReasonAndLevelOneLast(RealApiServer server,
            @TempDir Path dir) {
        RealCluster cluster = RealCluster.in(server, "firstplan");
        String ns = cluster.namespace();
        PayloadDirectory payload = new PayloadDirectory(dir.resolve("payload"))
                .file("0000_10_demo_00_late.yaml", configMap(ns, "late", "release.openshift.io/install-level: \"1\"",
                        "release.openshift.io/create-only: \"true\""))
                .file("0000_10_demo_01_early.yaml", configMap(ns, "early"))
                .file("0000_20_other_00_legacy.yaml", configMap(ns, "legacy", "release.openshift.io/delete: \"true\""))
                .file("0000_20_other_01_after.yaml", configMap(ns, "after"));

        CliRun run = cluster.run("plan", payload.root().toString(), "-n", ns, "-o", "json");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        JsonNode plan = RealCluster.json(run);
        JsonNode legacy = RealCluster.step(plan, "ConfigMap", "legacy");
        assertThat(legacy.path("status").asText()).isEqualTo("NotCreated");
        assertThat(legacy.path("message").asText())
                .isEqualTo("not deleted: a first install deletes nothing (release.openshift.io/delete)");
        List<String> order = new ArrayList<>();
        plan.path("status").path("plan").forEach(step -> order.add(step.path("resource").path("name").asText()));
        assertThat(order).as("level 0 (run levels 10, then 20), then install level 1")
                .containsExactly("early", "legacy", "after", "late");
        assertThat(cluster.client().configMaps().inNamespace(ns).list().getItems())
                .extracting(map -> map.getMetadata().getName()).doesNotContain("early", "late", "after");
    }

    private static long version(String resourceVersion) {
        return Long.parseLong(resourceVersion);
    }

}
