package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.executor.testing.KubeletStandIn;
import dev.bundlectl.executor.testing.RealOlm;
import dev.bundlectl.executor.testing.RealOlmExtension;
import dev.bundlectl.executor.testing.RealApiServer;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Upgrades judged by the real olm-operator (docs/semantics.md §9): the CSV names the CSV it
 * replaces as OLM's InstallPlan writes it, whatever edge reached it, so OLM replaces the old
 * version instead of calling the two an owner conflict; nothing the old version needs is removed
 * before the new one runs; a new version that does not run leaves the old one everything; and a
 * lower version is refused. Nothing here runs Pods: {@link KubeletStandIn} marks the Deployments
 * OLM creates as rolled out, the one simulated part. Each test installs a renamed copy of the
 * sample, so that no other test's install shares its CRDs or cluster roles.
 */
@ExtendWith(RealOlmExtension.class)
@Tag(RealApiServer.SMOKE_ON_OLDEST)
class RealServerOlmUpgradeTest {

    private final List<RealCluster> clusters = new ArrayList<>();

    /** A CSV left Installing keeps olm-operator busy, and a group left says it provides the APIs: both go. */
    @AfterEach
    void deleteWhatTheTestLeft() {
        clusters.forEach(OlmObjects::deleteCsvsAndGroups);
    }

    @Test
    void theSampleUpgradeOverSkipsSucceedsAndTheOldRbacStaysUntilTheNewVersionRuns(RealOlm olm, @TempDir Path dir)
            throws Exception {
        RealCluster cluster = cluster(olm, "olm-upgrade");
        String ns = cluster.namespace();
        Path v030 = SampleCopies.renamed("samples/bundles/cachebox-operator-v0.3.0", dir.resolve("v030"), "upskip");
        Path v040 = SampleCopies.renamed("samples/bundles/cachebox-operator-v0.4.0", dir.resolve("v040"), "upskip");
        CliRun first = installRunning(olm, cluster, "upskip-operator.v0.3.0", v030.toString());
        assertThat(first.exitCode()).as(first + "\n" + olm.logTail(30)).isZero();
        List<String> oldRoles = names(RealCluster.json(first), "ClusterRole", "upskip-operator.v0.3.0");
        assertThat(oldRoles).as("OLM's RBAC for 0.3.0, named after its CSV").isNotEmpty();
        GenericKubernetesResource firstCsv = OlmObjects.csv(cluster, "upskip-operator.v0.3.0");
        assertThat(firstCsv.getMetadata().getAnnotations()).as("the properties OLM's resolver reads")
                .containsKey("operatorframework.io/properties");
        assertThat(firstCsv.getMetadata().getAnnotations().get("operatorframework.io/properties"))
                .contains("\"type\":\"olm.package\"").contains("\"packageName\":\"upskip-operator\"");

        CliRun plan = cluster.run("plan", v040.toString(), "-n", ns, "--install-mode", "OwnNamespace", "-o", "json");
        assertThat(plan.exitCode()).as(plan.toString()).isZero();
        assertThat(RealCluster.step(RealCluster.json(plan), "ClusterServiceVersion", "upskip-operator.v0.4.0")
                .path("message").asText()).contains("OLM mode: spec.replaces is upskip-operator.v0.3.0")
                .contains("(the bundle names upskip-operator.v0.3.1)");

        // The upgrade runs in the background; 0.4.0's Deployment is not marked rolled out until the
        // old RBAC has been seen still there while OLM installs the new version.
        CompletableFuture<CliRun> upgrade = CompletableFuture.supplyAsync(() -> cluster.run("install",
                v040.toString(), "-n", ns, "--install-mode", "OwnNamespace", "--wait", "--wait-timeout", "120s",
                "-o", "json"));
        awaitPhase(cluster, "upskip-operator.v0.4.0", "Installing", upgrade);
        assertThat(cluster.getClusterScoped("rbac.authorization.k8s.io/v1", "ClusterRole", "clusterroles",
                oldRoles.get(0))).as("0.3.0's RBAC while 0.4.0 installs").isNotNull();
        assertThat(cluster.client().configMaps().inNamespace(ns).withName("upskip-defaults").get())
                .as("what only 0.3.0 had, while 0.4.0 installs").isNotNull();
        assertThat(OlmObjects.csv(cluster, "upskip-operator.v0.4.0").getAdditionalProperties().get("spec").toString())
                .as("spec.replaces names the installed CSV, whatever the edge")
                .contains("replaces=upskip-operator.v0.3.0");
        CliRun upgraded;
        try (KubeletStandIn.Background kubelet = KubeletStandIn.of(olm.server()).start(ns, "upskip-operator.v0.4.0")) {
            upgraded = upgrade.get(150, TimeUnit.SECONDS);
        }

        assertThat(upgraded.exitCode()).as(upgraded + "\n" + olm.logTail(40)).isZero();
        assertThat(upgraded.err()).contains("OLM removed ClusterServiceVersion " + ns + "/upskip-operator.v0.3.0");
        assertThat(OlmObjects.phaseOf(OlmObjects.csv(cluster, "upskip-operator.v0.4.0"))).isEqualTo("Succeeded");
        assertThat(OlmObjects.csv(cluster, "upskip-operator.v0.3.0")).as("removed by OLM").isNull();
        for (String role : oldRoles) {
            assertThat(cluster.getClusterScoped("rbac.authorization.k8s.io/v1", "ClusterRole", "clusterroles", role))
                    .as(role + ", removed once 0.4.0 ran").isNull();
        }
        assertThat(cluster.client().configMaps().inNamespace(ns).withName("upskip-defaults").get()).isNull();
        assertThat(RealCluster.json(upgraded).path("metadata").path("annotations")
                .path("bundlectl.dev/bundle-replaces").asText()).startsWith("upskip-operator.v0.3.1#");
    }

    @Test
    void anUpgradeOverSkipRangeSucceedsWithTheOldCsvGone(RealOlm olm, @TempDir Path dir) throws Exception {
        RealCluster cluster = cluster(olm, "olm-range");
        String ns = cluster.namespace();
        Path v030 = SampleCopies.renamed("samples/bundles/cachebox-operator-v0.3.0", dir.resolve("v030"), "uprange");
        Path v040 = SampleCopies.renamed("samples/bundles/cachebox-operator-v0.4.0", dir.resolve("v040"), "uprange");
        // Only the skip range reaches 0.3.0.
        Path csvFile = v040.resolve("manifests/uprange-operator.clusterserviceversion.yaml");
        Files.writeString(csvFile, Files.readString(csvFile).replace("  replaces: uprange-operator.v0.3.1\n", "")
                .replace("  skips:\n    - uprange-operator.v0.3.0\n", ""));
        assertThat(installRunning(olm, cluster, "uprange-operator.v0.3.0", v030.toString()).exitCode()).isZero();
        CliRun plan = cluster.run("plan", v040.toString(), "-n", ns, "--install-mode", "OwnNamespace", "-o", "json");
        assertThat(RealCluster.step(RealCluster.json(plan), "ClusterServiceVersion", "uprange-operator.v0.4.0")
                .path("message").asText()).contains("spec.replaces is uprange-operator.v0.3.0")
                .contains("(the bundle names none)");

        CliRun upgraded = installRunning(olm, cluster, "uprange-operator.v0.4.0", v040.toString());

        assertThat(upgraded.exitCode()).as(upgraded + "\n" + olm.logTail(40)).isZero();
        assertThat(upgraded.out()).contains("via olm.skipRange");
        assertThat(OlmObjects.phaseOf(OlmObjects.csv(cluster, "uprange-operator.v0.4.0"))).isEqualTo("Succeeded");
        assertThat(OlmObjects.csv(cluster, "uprange-operator.v0.3.0")).as("removed by OLM").isNull();
    }

    @Test
    void aNewVersionThatDoesNotRunLeavesTheOldOneEverythingAndStatusSaysSo(RealOlm olm, @TempDir Path dir)
            throws Exception {
        RealCluster cluster = cluster(olm, "olm-stuck");
        String ns = cluster.namespace();
        Path v030 = SampleCopies.renamed("samples/bundles/cachebox-operator-v0.3.0", dir.resolve("v030"), "upstuck");
        Path v040 = SampleCopies.renamed("samples/bundles/cachebox-operator-v0.4.0", dir.resolve("v040"), "upstuck");
        CliRun first = installRunning(olm, cluster, "upstuck-operator.v0.3.0", v030.toString());
        assertThat(first.exitCode()).as(first + "\n" + olm.logTail(30)).isZero();
        List<String> oldRoles = names(RealCluster.json(first), "ClusterRole", "upstuck-operator.v0.3.0");

        // No kubelet for 0.4.0: its Deployment never becomes available.
        CliRun upgrade = cluster.run("install", v040.toString(), "-n", ns, "--install-mode", "OwnNamespace",
                "--wait", "--wait-timeout", "15s");

        assertThat(upgrade.exitCode()).as(upgrade + "\n" + olm.logTail(30)).isEqualTo(ExitCode.PLAN_FAILED);
        assertThat(upgrade.err()).contains("the new version is not running: OLM reports upstuck-operator.v0.4.0 ")
                .contains("upstuck-operator.v0.3.0 keeps everything it had");
        for (String role : oldRoles) {
            assertThat(cluster.getClusterScoped("rbac.authorization.k8s.io/v1", "ClusterRole", "clusterroles", role))
                    .as(role + " stays").isNotNull();
        }
        assertThat(cluster.client().configMaps().inNamespace(ns).withName("upstuck-defaults").get()).isNotNull();
        assertThat(OlmObjects.csv(cluster, "upstuck-operator.v0.3.0")).as("OLM keeps the old CSV until the new one runs")
                .isNotNull();
        assertThat(cluster.client().apps().deployments().inNamespace(ns).withName("upstuck-operator").get())
                .as("the operator's Deployment").isNotNull();

        String record = upgrade.err().replaceAll("(?s).*install record: " + ns + "/(\\S+) .*", "$1");
        CliRun status = cluster.run("status", "-n", ns, record);
        assertThat(status.exitCode()).as(status.toString()).isZero();
        assertThat(status.out()).contains("Phase:      Failed: the new version is not running: OLM reports "
                + "upstuck-operator.v0.4.0 ")
                .containsPattern("Running:    ClusterServiceVersion upstuck-operator.v0.4.0: \\w+")
                .containsPattern("ClusterServiceVersion upstuck-operator.v0.3.0 \\(replaced\\): \\w+");

        // Once the new version runs, installing it again removes what only the old one had.
        CliRun again;
        try (KubeletStandIn.Background kubelet = KubeletStandIn.of(olm.server()).start(ns, "upstuck-operator.v0.4.0")) {
            again = cluster.run("install", v040.toString(), "-n", ns, "--install-mode", "OwnNamespace", "--wait",
                    "--wait-timeout", "120s");
        }
        assertThat(again.exitCode()).as(again + "\n" + olm.logTail(30)).isZero();
        for (String role : oldRoles) {
            assertThat(cluster.getClusterScoped("rbac.authorization.k8s.io/v1", "ClusterRole", "clusterroles", role))
                    .as(role + ", removed by the re-run").isNull();
        }
        assertThat(cluster.client().configMaps().inNamespace(ns).withName("upstuck-defaults").get()).isNull();
        assertThat(OlmObjects.csv(cluster, "upstuck-operator.v0.3.0")).isNull();
    }

    @Test
    void aLowerVersionIsRefusedWithNothingWrittenAndForceInstallsIt(RealOlm olm, @TempDir Path dir) throws Exception {
        RealCluster cluster = cluster(olm, "olm-down");
        String ns = cluster.namespace();
        Path v030 = SampleCopies.renamed("samples/bundles/cachebox-operator-v0.3.0", dir.resolve("v030"), "updown");
        Path v031 = SampleCopies.renamed("samples/bundles/cachebox-operator", dir.resolve("v031"), "updown");
        // A skip range that reaches the installed 0.3.1: only the version says this is going back.
        Path csvFile = v030.resolve("manifests/updown-operator.clusterserviceversion.yaml");
        Files.writeString(csvFile, Files.readString(csvFile).replace("  annotations:\n",
                "  annotations:\n    olm.skipRange: '>=0.3.0 <0.4.0'\n"));
        assertThat(installRunning(olm, cluster, "updown-operator.v0.3.1", v031.toString()).exitCode()).isZero();
        String secretsBefore = OlmObjects.secretNames(cluster);

        CliRun refused = cluster.run("install", v030.toString(), "-n", ns, "--install-mode", "OwnNamespace");

        assertThat(refused.exitCode()).as(refused.toString()).isEqualTo(ExitCode.INVALID_INPUT);
        assertThat(refused.err()).contains("cannot upgrade updown-operator from updown-operator.v0.3.1 (0.3.1) to "
                + "updown-operator.v0.3.0 (0.3.0): version 0.3.0 is lower than the installed 0.3.1")
                .contains("nothing was applied (--force installs it anyway)");
        assertThat(OlmObjects.csv(cluster, "updown-operator.v0.3.0")).isNull();
        assertThat(OlmObjects.secretNames(cluster)).as("no new install record").isEqualTo(secretsBefore);

        CliRun forced = installRunning(olm, cluster, "updown-operator.v0.3.0", v030.toString(), "--force");
        assertThat(forced.exitCode()).as(forced + "\n" + olm.logTail(30)).isZero();
        // Forced, a lower version is a rollback: its CRDs passed the rollback checks first (docs/semantics.md §9).
        assertThat(forced.out()).contains("rollback from updown-operator.v0.3.1 (0.3.1) to updown-operator.v0.3.0 "
                + "(0.3.0), a lower version");
        assertThat(OlmObjects.phaseOf(OlmObjects.csv(cluster, "updown-operator.v0.3.0"))).isEqualTo("Succeeded");
        assertThat(OlmObjects.csv(cluster, "updown-operator.v0.3.1")).as("replaced by OLM").isNull();
    }

    private RealCluster cluster(RealOlm olm, String prefix) {
        RealCluster cluster = RealCluster.in(olm.server(), prefix);
        clusters.add(cluster);
        return cluster;
    }

    /** {@code install BUNDLE --wait} in OwnNamespace mode, the kubelet stand-in marking the CSV's Deployments. */
    private static CliRun installRunning(RealOlm olm, RealCluster cluster, String csv, String bundle, String... more) {
        List<String> args = new ArrayList<>(List.of("--install-mode", "OwnNamespace"));
        args.addAll(List.of(more));
        return OlmObjects.installRunning(olm, cluster, csv, bundle, args.toArray(String[]::new));
    }

    /** Waits until OLM reports the CSV in {@code phase}, failing with the run's output if it ends first. */
    private static void awaitPhase(RealCluster cluster, String csv, String phase, CompletableFuture<CliRun> run)
            throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(90).toNanos();
        while (System.nanoTime() < deadline) {
            GenericKubernetesResource found = OlmObjects.csv(cluster, csv);
            if (found != null && phase.equals(OlmObjects.phaseOf(found))) {
                return;
            }
            if (run.isDone()) {
                throw new AssertionError("the upgrade ended before OLM reported " + csv + " " + phase + ": "
                        + run.join());
            }
            TimeUnit.MILLISECONDS.sleep(100);
        }
        throw new AssertionError("OLM never reported " + csv + " " + phase);
    }




    /** The names of the plan's steps of this kind whose name starts with {@code prefix}. */
    private static List<String> names(JsonNode plan, String kind, String prefix) {
        List<String> names = new ArrayList<>();
        for (JsonNode step : plan.path("status").path("plan")) {
            JsonNode resource = step.path("resource");
            if (kind.equals(resource.path("kind").asText()) && resource.path("name").asText().startsWith(prefix)) {
                names.add(resource.path("name").asText());
            }
        }
        return names;
    }
}
