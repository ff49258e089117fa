package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.executor.testing.KubeletStandIn;
import dev.bundlectl.executor.testing.RealApiServer;
import dev.bundlectl.executor.testing.RealApiServerExtension;
import dev.bundlectl.executor.testing.RealApiServerExtension.Served;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Upgrades from one version of the sample bundle to the next on a real kube-apiserver: the path
 * check (replaces, skips, olm.skipRange, --force), the delete steps for what the new version no
 * longer ships (only while the object's uid matches the record, and only once the new version runs),
 * OLM mode leaving the old CSV to OLM, render mode deleting dropped rendered objects, and the version
 * history in {@code status}. No olm-operator runs here: the removals are proven in render mode, where
 * {@link KubeletStandIn} rolls out the rendered Deployments (the one simulated part); under real OLM,
 * {@code RealServerOlmUpgradeTest} proves them.
 */
@ExtendWith(RealApiServerExtension.class)
@Tag(RealApiServer.SMOKE_ON_OLDEST)
class RealServerUpgradeTest {

    private static final String V1 = UpgradeBundles.csv("0.1.0");
    private static final String V2 = UpgradeBundles.csv("0.2.0");
    private static final String V3 = UpgradeBundles.csv("0.3.0");
    private static final String LEGACY = UpgradeBundles.LEGACY_CONFIG_MAP;

    @TempDir
    Path dir;

    @Test
    void anUpgradeDeletesTheDroppedConfigMapKeepsTheRestLeavesTheOldCsvToOlmAndStatusShowsTheHistory(
            @Served(RealApiServer.Flavour.OLM) RealApiServer server) {
        RealCluster cluster = RealCluster.in(server, "upgrade");
        String ns = cluster.namespace();
        UpgradeBundles bundles = new UpgradeBundles(dir);
        String v1 = bundles.write(bundles.version("0.1.0").withLegacyConfigMap());
        String v2 = bundles.write(bundles.version("0.2.0").replacing(V1));
        assertThat(cluster.run("install", v1, "-n", ns).exitCode()).isZero();
        String legacyUid = configMap(cluster, LEGACY).getMetadata().getUid();
        String defaultsUid = configMap(cluster, "cachebox-defaults").getMetadata().getUid();

        CliRun plan = cluster.run("plan", v2, "-n", ns, "-o", "json");

        assertThat(plan.exitCode()).as(plan.toString()).isZero();
        JsonNode planned = RealCluster.json(plan);
        assertThat(RealCluster.step(planned, "ClusterServiceVersion", V2).path("action").asText()).isEqualTo("Create");
        assertThat(RealCluster.step(planned, "ConfigMap", "cachebox-defaults").path("action").asText()).isEqualTo("Update");
        assertThat(RealCluster.step(planned, "ConfigMap", LEGACY).path("action").asText()).isEqualTo("Delete");
        assertThat(RealCluster.step(planned, "ServiceMonitor", "cachebox-operator-metrics").has("action"))
                .as("a step that will not be sent has no action").isFalse();
        assertThat(planned.path("metadata").path("annotations").path("bundlectl.dev/upgrade-from").asText())
                .isEqualTo(V1);
        assertThat(configMap(cluster, LEGACY)).as("plan writes nothing").isNotNull();

        CliRun upgrade = cluster.run("install", v2, "-n", ns);

        assertThat(upgrade.exitCode()).as(upgrade.toString()).isZero();
        assertThat(upgrade.out()).contains("Phase Complete")
                .contains("Upgrade from " + V1 + " (0.1.0) to " + V2 + " (0.2.0) via spec.replaces.");
        // No olm-operator runs on this server: what only the old version had stays until the new one runs.
        assertThat(upgrade.out()).containsPattern("ConfigMap\\s+" + LEGACY + "\\s+" + ns
                + "\\s+no\\s+Unknown\\s+Delete\\s+kept for now: the new version is not running: OLM has not "
                + "reported on " + V2 + " yet");
        assertThat(upgrade.out()).containsPattern("ConfigMap\\s+cachebox-defaults\\s+" + ns + "\\s+no\\s+Present\\s+Update");
        assertThat(upgrade.out()).containsPattern("ClusterServiceVersion\\s+" + V1 + "\\s+" + ns
                + "\\s+no\\s+Present\\s+Keep\\s+left to OLM, which replaces it with " + V2);
        assertThat(upgrade.out()).containsPattern("CustomResourceDefinition\\s+caches.cache.bundlectl.dev\\s+-\\s+no\\s+Present\\s+Update");
        assertThat(configMap(cluster, LEGACY).getMetadata().getUid()).as("kept until " + V2 + " runs")
                .isEqualTo(legacyUid);
        assertThat(configMap(cluster, "cachebox-defaults").getMetadata().getUid()).as("kept, updated in place")
                .isEqualTo(defaultsUid);
        assertThat(cluster.get("operators.coreos.com/v1alpha1", "ClusterServiceVersion", "clusterserviceversions", V1))
                .as("the old CSV is OLM's to replace").isNotNull();
        assertThat(cluster.get("operators.coreos.com/v1alpha1", "ClusterServiceVersion", "clusterserviceversions", V2))
                .isNotNull();

        CliRun status = cluster.run("status", "-n", ns);

        assertThat(status.exitCode()).as(status.toString()).isZero();
        assertThat(status.out()).contains("Version history (oldest first):");
        assertThat(status.out()).containsPattern(ns + "\\s+cachebox-operator\\s+0.1.0\\s+" + V1 + "\\s+Complete");
        assertThat(status.out()).containsPattern(ns + "\\s+cachebox-operator\\s+0.2.0\\s+" + V2 + "\\s+Complete");
        JsonNode newest = RealCluster.json(cluster.run("status", "-n", ns, "-o", "json")).get(0);
        assertThat(newest.path("csvVersion").asText()).isEqualTo("0.2.0");
        assertThat(names(newest.path("versionHistory"), "csvName")).containsExactly(V1, V2);
        assertThat(names(newest.path("deletedObjects"), "name")).doesNotContain(LEGACY);
        assertThat(names(newest.path("createdObjects"), "name")).as("the kept objects stay owned, the pending "
                + "removal too").contains("cachebox-defaults", V2, LEGACY).doesNotContain(V1);
        CliRun one = cluster.run("status", "-n", ns, newest.path("name").asText());
        assertThat(one.out()).contains("Versions:   0.1.0 (Complete) -> 0.2.0 (Complete)");
    }

    @Test
    void anObjectRecreatedBySomeoneElseIsNotDeletedAndTheStepSaysWhy(
            @Served(RealApiServer.Flavour.OLM) RealApiServer server) {
        RealCluster cluster = RealCluster.in(server, "recreated");
        String ns = cluster.namespace();
        UpgradeBundles bundles = new UpgradeBundles(dir);
        assertThat(cluster.run("install", bundles.write(bundles.version("0.1.0").withLegacyConfigMap()), "-n", ns,
                "--csv-mode", "render").exitCode()).isZero();
        String recordedUid = configMap(cluster, LEGACY).getMetadata().getUid();
        cluster.client().configMaps().inNamespace(ns).withName(LEGACY).delete();
        cluster.client().configMaps().inNamespace(ns).resource(new ConfigMapBuilder().withNewMetadata()
                .withName(LEGACY).endMetadata().addToData("owner", "someone else").build()).create();
        String liveUid = configMap(cluster, LEGACY).getMetadata().getUid();

        CliRun upgrade = runningWhileInstalled(server, cluster, V2, "install",
                bundles.write(bundles.version("0.2.0").replacing(V1)), "-n", ns, "--csv-mode", "render", "-o", "json");

        assertThat(upgrade.exitCode()).as(upgrade.toString()).isZero();
        JsonNode step = RealCluster.step(RealCluster.json(upgrade), "ConfigMap", LEGACY);
        assertThat(step.path("status").asText()).isEqualTo("Present");
        assertThat(step.path("message").asText()).isEqualTo("not deleted because it was replaced: the previous install "
                + "created uid " + recordedUid + ", the object now has uid " + liveUid);
        assertThat(configMap(cluster, LEGACY).getData()).containsEntry("owner", "someone else");
        JsonNode newest = RealCluster.json(cluster.run("status", "-n", ns, "-o", "json")).get(0);
        assertThat(names(newest.path("createdObjects"), "name")).as("someone else's object is not owned")
                .doesNotContain(LEGACY);
    }

    @Test
    void anUnconnectedVersionIsRefusedWithNothingWrittenAndAcceptedWithForce(
            @Served(RealApiServer.Flavour.OLM) RealApiServer server) {
        RealCluster cluster = RealCluster.in(server, "unconnected");
        String ns = cluster.namespace();
        UpgradeBundles bundles = new UpgradeBundles(dir);
        assertThat(cluster.run("install", bundles.write(bundles.version("0.1.0").withLegacyConfigMap()), "-n", ns,
                "--csv-mode", "render").exitCode()).isZero();
        String v3 = bundles.write(bundles.version("0.3.0").replacing(V2).skipRange(">=0.2.0 <0.3.0"));
        int secrets = cluster.client().secrets().inNamespace(ns).list().getItems().size();

        CliRun refused = cluster.run("install", v3, "-n", ns, "--csv-mode", "render");

        assertThat(refused.exitCode()).as(refused.toString()).isEqualTo(ExitCode.INVALID_INPUT);
        assertThat(refused.err().strip()).isEqualTo("error: cannot upgrade cachebox-operator from " + V1 + " (0.1.0) to "
                + V3 + " (0.3.0): " + V3 + " neither replaces nor skips " + V1 + ", and its olm.skipRange "
                + "\">=0.2.0 <0.3.0\" does not contain 0.1.0; nothing was applied (--force installs it anyway)");
        assertThat(cluster.get("operators.coreos.com/v1alpha1", "ClusterServiceVersion", "clusterserviceversions", V3))
                .isNull();
        assertThat(cluster.client().secrets().inNamespace(ns).list().getItems()).as("no install record either")
                .hasSize(secrets);
        assertThat(cluster.run("plan", v3, "-n", ns, "--csv-mode", "render").exitCode()).as("plan refuses it too")
                .isEqualTo(ExitCode.INVALID_INPUT);

        CliRun forced = runningWhileInstalled(server, cluster, V3, "install", v3, "-n", ns, "--csv-mode", "render",
                "--force", "-o", "json");

        assertThat(forced.exitCode()).as(forced.toString()).isZero();
        JsonNode plan = RealCluster.json(forced);
        assertThat(plan.path("status").path("conditions").findValuesAsText("reason")).contains("Forced");
        assertThat(RealCluster.step(plan, "ConfigMap", LEGACY).path("status").asText()).isEqualTo("Deleted");
        assertThat(configMap(cluster, LEGACY)).isNull();
    }

    @Test
    void skipsAndSkipRangeConnectVersionsThatReplacesDoesNot(@Served(RealApiServer.Flavour.OLM) RealApiServer server) {
        RealCluster cluster = RealCluster.in(server, "skips");
        String ns = cluster.namespace();
        UpgradeBundles bundles = new UpgradeBundles(dir);
        assertThat(cluster.run("install", bundles.write(bundles.version("0.1.0")), "-n", ns).exitCode()).isZero();

        CliRun skipping = cluster.run("install", bundles.write(bundles.version("0.2.0").replacing("cachebox-operator.v0.1.5")
                .skipping(V1)), "-n", ns);
        CliRun ranged = cluster.run("install", bundles.write(bundles.version("0.3.0").replacing("cachebox-operator.v0.2.5")
                .skipRange(">=0.1.0 <0.3.0")), "-n", ns);

        assertThat(skipping.exitCode()).as(skipping.toString()).isZero();
        assertThat(skipping.out()).contains("to " + V2 + " (0.2.0) via spec.skips.");
        assertThat(ranged.exitCode()).as(ranged.toString()).isZero();
        assertThat(ranged.out()).contains("Upgrade from " + V2 + " (0.2.0) to " + V3 + " (0.3.0) via olm.skipRange.");
    }

    @Test
    void aDryRunDeletesNothingAndAReviewedUpgradePlanIsCheckedAgainstTheLatestRecord(
            @Served(RealApiServer.Flavour.OLM) RealApiServer server) throws java.io.IOException {
        RealCluster cluster = RealCluster.in(server, "reviewed");
        String ns = cluster.namespace();
        UpgradeBundles bundles = new UpgradeBundles(dir);
        assertThat(cluster.run("install", bundles.write(bundles.version("0.1.0").withLegacyConfigMap()), "-n", ns)
                .exitCode()).isZero();
        String v2 = bundles.write(bundles.version("0.2.0").replacing(V1));

        CliRun dryRun = cluster.run("install", v2, "-n", ns, "--dry-run=server", "-o", "json");

        assertThat(dryRun.exitCode()).as(dryRun.toString()).isZero();
        assertThat(RealCluster.step(RealCluster.json(dryRun), "ConfigMap", LEGACY).path("message").asText())
                .startsWith("dry run: deleted");
        assertThat(configMap(cluster, LEGACY)).isNotNull();

        Path offline = dir.resolve("offline-plan.yaml");
        java.nio.file.Files.writeString(offline, CliRun.of("plan", v2, "-n", ns, "-o", "yaml").out());
        CliRun stale = cluster.run("install", "--plan-file", offline.toString());

        assertThat(stale.exitCode()).as(stale.toString()).isEqualTo(ExitCode.INVALID_INPUT);
        // The old CSV's RBAC that OLM mode generated (named after that CSV) is deleted; the old CSV is kept.
        assertThat(stale.err()).contains("the plan's delete and keep steps (none) are not those the latest install of "
                + "cachebox-operator in namespace " + ns + " asks for now (Delete Role/" + ns + "/" + V1
                + "-cachebox-operator-")
                .contains("Delete ClusterRoleBinding/" + V1 + "-")
                .contains("Keep ClusterServiceVersion/" + ns + "/" + V1 + " (uid ")
                .contains("Delete ConfigMap/" + ns + "/" + LEGACY + " (uid ");
        assertThat(cluster.get("operators.coreos.com/v1alpha1", "ClusterServiceVersion", "clusterserviceversions", V2))
                .isNull();

        Path reviewed = dir.resolve("reviewed-plan.yaml");
        java.nio.file.Files.writeString(reviewed, cluster.run("plan", v2, "-n", ns, "-o", "yaml").out());
        CliRun install = cluster.run("install", "--plan-file", reviewed.toString(), "-o", "json");

        assertThat(install.exitCode()).as(install.toString()).isZero();
        // No olm-operator runs here: the reviewed plan's removal waits for the new version, as any upgrade's.
        assertThat(RealCluster.step(RealCluster.json(install), "ConfigMap", LEGACY).path("message").asText())
                .startsWith("kept for now: the new version is not running");
        assertThat(configMap(cluster, LEGACY)).isNotNull();
    }

    @Test
    void aFailedUpgradeDeletesNothing(@Served(RealApiServer.Flavour.OLM) RealApiServer server) {
        RealCluster cluster = RealCluster.in(server, "failed-upgrade");
        String ns = cluster.namespace();
        UpgradeBundles bundles = new UpgradeBundles(dir);
        assertThat(cluster.run("install", bundles.write(bundles.version("0.1.0").withLegacyConfigMap()), "-n", ns)
                .exitCode()).isZero();
        // alice may keep install records and ConfigMaps, but may not create the new CSV, nor the OperatorGroup
        // and RBAC that OLM mode applies before it: the server refuses them in the preflight's dry run, so
        // nothing is written, the CSV least of all.
        Path alice = cluster.kubeconfigForRecordKeeper(dir, "alice");

        CliRun upgrade = cluster.runWith(alice, "install", bundles.write(bundles.version("0.2.0").replacing(V1)),
                "-n", ns, "-o", "json");

        assertThat(upgrade.exitCode()).as(upgrade.toString()).isEqualTo(ExitCode.PLAN_FAILED);
        JsonNode plan = RealCluster.json(upgrade);
        assertThat(RealCluster.step(plan, "OperatorGroup", ns).path("status").asText()).isEqualTo("Failed");
        assertThat(RealCluster.step(plan, "OperatorGroup", ns).path("message").asText()).contains("forbidden");
        assertThat(RealCluster.step(plan, "ClusterServiceVersion", V2).path("status").asText()).isEqualTo("Unknown");
        assertThat(cluster.get("operators.coreos.com/v1alpha1", "ClusterServiceVersion", "clusterserviceversions", V2))
                .isNull();
        JsonNode legacy = RealCluster.step(plan, "ConfigMap", LEGACY);
        assertThat(legacy.path("status").asText()).isEqualTo("Unknown");
        assertThat(legacy.path("message").asText())
                .isEqualTo("not deleted: the server refused the plan in preflight, so nothing was written");
        assertThat(configMap(cluster, LEGACY)).isNotNull();
    }

    @Test
    void reinstallingTheSameVersionIsARerunWithoutDeleteSteps(@Served(RealApiServer.Flavour.OLM) RealApiServer server) {
        RealCluster cluster = RealCluster.in(server, "rerun");
        String ns = cluster.namespace();
        UpgradeBundles bundles = new UpgradeBundles(dir);
        assertThat(cluster.run("install", bundles.write(bundles.version("0.1.0").withLegacyConfigMap()), "-n", ns)
                .exitCode()).isZero();

        // The same CSV without the ConfigMap: a re-run, which updates what it has and deletes nothing.
        CliRun rerun = cluster.run("install", bundles.write(bundles.version("0.1.0")), "-n", ns, "-o", "json");

        assertThat(rerun.exitCode()).as(rerun.toString()).isZero();
        JsonNode plan = RealCluster.json(rerun);
        assertThat(plan.path("status").path("plan").findValuesAsText("action")).isEmpty();
        assertThat(plan.path("metadata").path("annotations").has("bundlectl.dev/upgrade-from")).isFalse();
        assertThat(configMap(cluster, LEGACY)).isNotNull();
    }

    @Test
    void inRenderModeTheOldVersionsRenderedObjectsThatTheNewOneLacksAreDeletedAfterTheNewOnesAreApplied(
            RealApiServer server) {
        RealCluster cluster = RealCluster.in(server, "upgrade-render");
        String ns = cluster.namespace();
        UpgradeBundles bundles = new UpgradeBundles(dir);
        CliRun first = cluster.run("install", bundles.write(bundles.version("0.1.0")), "-n", ns, "-o", "json");
        assertThat(first.exitCode()).as(first.toString()).isZero();
        List<String> renderedByV1 = renderedSteps(RealCluster.json(first));

        // 0.2.0 drops the CSV's namespaced permissions, so the RBAC rendered from them goes.
        CliRun upgrade = runningWhileInstalled(server, cluster, V2, "install",
                bundles.write(bundles.version("0.2.0").replacing(V1).withoutPermissions()), "-n", ns, "-o", "json");

        assertThat(upgrade.exitCode()).as(upgrade.toString()).isZero();
        JsonNode plan = RealCluster.json(upgrade);
        List<JsonNode> deletes = new ArrayList<>();
        plan.path("status").path("plan").forEach(step -> {
            if (step.path("action").asText().equals("Delete")) {
                deletes.add(step);
            }
        });
        assertThat(deletes).as("the rendered RBAC of the dropped permissions").isNotEmpty()
                .allSatisfy(step -> {
                    assertThat(step.path("status").asText()).isEqualTo("Deleted");
                    JsonNode resource = step.path("resource");
                    assertThat(renderedByV1).contains(resource.path("kind").asText() + "/" + resource.path("name").asText());
                    assertThat(resource.path("kind").asText()).startsWith("ClusterRole");
                    String plural = resource.path("kind").asText().equals("ClusterRole") ? "clusterroles"
                            : "clusterrolebindings";
                    assertThat(cluster.getClusterScoped("rbac.authorization.k8s.io/v1", resource.path("kind").asText(),
                            plural, resource.path("name").asText())).as("deleted on the server").isNull();
                });
        assertThat(cluster.get("apps/v1", "Deployment", "deployments", "cachebox-operator")).isNotNull();
        assertThat(RealCluster.step(plan, "Deployment", "cachebox-operator").path("action").asText()).isEqualTo("Update");
        List<String> order = new ArrayList<>();
        plan.path("status").path("plan").forEach(step -> order.add(step.path("action").asText("-")));
        assertThat(order.subList(order.indexOf("Delete"), order.size())).as("delete steps come last")
                .allMatch(action -> action.equals("Delete") || action.equals("Keep"));
    }

    /**
     * {@code args} with {@code --wait}, while the kubelet stand-in rolls out the Deployments rendered
     * from {@code csv}: the new version runs, so an upgrade removes what only the old one had.
     */
    private static CliRun runningWhileInstalled(RealApiServer server, RealCluster cluster, String csv,
            String... args) {
        List<String> all = new ArrayList<>(List.of(args));
        all.addAll(List.of("--wait", "--wait-timeout", "60s"));
        try (KubeletStandIn.Background kubelet = KubeletStandIn.of(server).start(cluster.namespace(), csv)) {
            return cluster.run(all.toArray(String[]::new));
        }
    }

    private static ConfigMap configMap(RealCluster cluster, String name) {
        return cluster.client().configMaps().inNamespace(cluster.namespace()).withName(name).get();
    }

    private static List<String> names(JsonNode array, String field) {
        List<String> names = new ArrayList<>();
        array.forEach(entry -> names.add(entry.has("object") ? entry.path("object").path(field).asText()
                : entry.path(field).asText()));
        return names;
    }

    /** {@code Kind/name} of each object rendered from the CSV (not the bundle's own). */
    private static List<String> renderedSteps(JsonNode plan) {
        List<String> rendered = new ArrayList<>();
        for (JsonNode step : plan.path("status").path("plan")) {
            if (step.has("parent")) {
                rendered.add(step.path("resource").path("kind").asText() + "/" + step.path("resource").path("name").asText());
            }
        }
        return rendered;
    }
}
