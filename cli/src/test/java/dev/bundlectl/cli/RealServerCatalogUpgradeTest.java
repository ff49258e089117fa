package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.executor.testing.KubeletStandIn;
import dev.bundlectl.executor.testing.RealApiServer;
import dev.bundlectl.executor.testing.RealApiServerExtension;
import dev.bundlectl.executor.testing.RealOlm;
import dev.bundlectl.executor.testing.RealOlmExtension;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Catalog upgrades walk the channel as OLM v0 does (docs/semantics.md §9): with 0.3.0 installed and
 * a channel joined only by {@code replaces} (0.3.0 ← 0.3.1 ← 0.4.0), {@code install --catalog}
 * shows the path, then installs 0.3.1 and 0.4.0 in turn, each running before the next starts, under
 * the real olm-operator and in render mode; a version the channel does not reach is refused with
 * nothing written. Nothing here runs Pods: {@link KubeletStandIn} rolls out the Deployments (made
 * by OLM, or rendered), the one simulated part.
 */
@ExtendWith({RealOlmExtension.class, RealApiServerExtension.class})
class RealServerCatalogUpgradeTest {

    @Test
    void twoHopsUnderRealOlmEachSucceededBeforeTheNext(RealOlm olm, @TempDir Path dir) throws IOException {
        RealCluster cluster = RealCluster.in(olm.server(), "olm-hops");
        String ns = cluster.namespace();
        Path catalog = replacesOnlyCatalog(dir, "olmhop");
        try {
            CliRun first;
            try (KubeletStandIn.Background kubelet = KubeletStandIn.of(olm.server()).start(ns, "olmhop-operator.v0.3.0")) {
                first = cluster.run("install", dir.resolve("v030").toString(), "-n", ns, "--install-mode",
                        "OwnNamespace", "--wait", "--wait-timeout", "120s");
            }
            assertThat(first.exitCode()).as(first + "\n" + olm.logTail(30)).isZero();

            CliRun upgrade;
            try (KubeletStandIn.Background v031 = KubeletStandIn.of(olm.server()).start(ns, "olmhop-operator.v0.3.1");
                    KubeletStandIn.Background v040 = KubeletStandIn.of(olm.server()).start(ns, "olmhop-operator.v0.4.0")) {
                upgrade = cluster.run("install", "--catalog", catalog.toString(), "--package", "olmhop-operator", "-n",
                        ns, "--install-mode", "OwnNamespace", "--wait", "--wait-timeout", "120s");
            }

            assertThat(upgrade.exitCode()).as(upgrade + "\n" + olm.logTail(40)).isZero();
            assertHopsInOrder(upgrade, "olmhop", ns);
            assertThat(upgrade.err()).contains("OLM removed ClusterServiceVersion " + ns + "/olmhop-operator.v0.3.0")
                    .contains("OLM removed ClusterServiceVersion " + ns + "/olmhop-operator.v0.3.1");
            assertThat(OlmObjects.phaseOf(OlmObjects.csv(cluster, "olmhop-operator.v0.4.0"))).isEqualTo("Succeeded");
            assertThat(OlmObjects.csv(cluster, "olmhop-operator.v0.3.0")).isNull();
            assertThat(OlmObjects.csv(cluster, "olmhop-operator.v0.3.1")).isNull();
            assertHistory(cluster, "olmhop", ns);
        } finally {
            OlmObjects.deleteCsvsAndGroups(cluster);
        }
    }

    @Test
    void twoHopsInRenderModeEachAvailableBeforeTheNextAndAnUnreachableVersionIsRefused(
            @RealApiServerExtension.Served(RealApiServer.Flavour.PLAIN) RealApiServer server, @TempDir Path dir)
            throws IOException {
        RealCluster cluster = RealCluster.in(server, "render-hops");
        String ns = cluster.namespace();
        Path catalog = replacesOnlyCatalog(dir, "renderhop");
        assertThat(cluster.run("install", dir.resolve("v030").toString(), "-n", ns).exitCode()).isZero();

        // A channel that starts at 0.3.1, which does not say what it replaces: nothing leads on from 0.3.0.
        Path unreachable = dir.resolve("unreachable");
        Files.createDirectories(unreachable);
        Files.writeString(unreachable.resolve("catalog.json"), Files.readString(catalog.resolve("catalog.json"))
                .replace("{\"name\":\"renderhop-operator.v0.3.0\"},", "")
                .replace(",\"replaces\":\"renderhop-operator.v0.3.0\"", ""));
        String secretsBefore = OlmObjects.secretNames(cluster);
        CliRun refused = cluster.run("install", "--catalog", unreachable.toString(), "--package", "renderhop-operator",
                "-n", ns);
        assertThat(refused.exitCode()).as(refused.toString()).isEqualTo(ExitCode.INVALID_INPUT);
        assertThat(refused.err()).contains("cannot upgrade renderhop-operator from renderhop-operator.v0.3.0 (0.3.0) to "
                + "renderhop-operator.v0.4.0 (0.4.0): no entry of channel stable replaces renderhop-operator.v0.3.0, "
                + "skips it or has an olm.skipRange containing 0.3.0; nothing was applied (--force installs it anyway)");
        assertThat(OlmObjects.secretNames(cluster)).as("nothing written").isEqualTo(secretsBefore);

        // plan shows the path and plans its first hop: each later one depends on the one before it.
        CliRun plan = cluster.run("plan", "--catalog", catalog.toString(), "--package", "renderhop-operator", "-n", ns);
        assertThat(plan.exitCode()).as(plan.toString()).isZero();
        assertThat(plan.err()).contains("along channel stable: 0.3.0 -> 0.3.1 -> 0.4.0 (2 hops")
                .contains("planned here: the first hop, renderhop-operator.v0.3.1");
        assertThat(plan.out()).contains("Upgrade from renderhop-operator.v0.3.0 (0.3.0) to renderhop-operator.v0.3.1 "
                + "(0.3.1) via spec.replaces");
        assertThat(OlmObjects.secretNames(cluster)).as("plan writes nothing").isEqualTo(secretsBefore);

        CliRun upgrade;
        try (KubeletStandIn.Background v031 = KubeletStandIn.of(server).start(ns, "renderhop-operator.v0.3.1");
                KubeletStandIn.Background v040 = KubeletStandIn.of(server).start(ns, "renderhop-operator.v0.4.0")) {
            upgrade = cluster.run("install", "--catalog", catalog.toString(), "--package", "renderhop-operator", "-n",
                    ns, "--wait", "--wait-timeout", "60s");
        }

        assertThat(upgrade.exitCode()).as(upgrade.toString()).isZero();
        assertHopsInOrder(upgrade, "renderhop", ns);
        assertThat(upgrade.err()).contains("Deployment " + ns + "/renderhop-operator: Available after");
        assertThat(cluster.client().configMaps().inNamespace(ns).withName("renderhop-defaults").get())
                .as("0.4.0 no longer has it, and it ran").isNull();
        assertHistory(cluster, "renderhop", ns);
        cluster.run("uninstall", "--package", "renderhop-operator", "-n", ns);
    }

    /** The path is shown before anything is written, then each hop in turn. */
    private static void assertHopsInOrder(CliRun upgrade, String prefix, String ns) {
        String err = upgrade.err();
        String pkg = prefix + "-operator";
        int path = err.indexOf("upgrading " + pkg + " in namespace " + ns + " along channel stable: 0.3.0 -> 0.3.1 -> "
                + "0.4.0 (2 hops, each running before the next starts)");
        int hop1 = err.indexOf("hop 1 of 2: " + pkg + ".v0.3.1");
        int running1 = err.indexOf("operator running: ", hop1);
        int hop2 = err.indexOf("hop 2 of 2: " + pkg + ".v0.4.0");
        assertThat(path).as(err).isNotNegative();
        assertThat(hop1).as("the path is shown first").isGreaterThan(path);
        assertThat(running1).as("0.3.1 runs before 0.4.0 starts").isGreaterThan(hop1).isLessThan(hop2);
        assertThat(err.indexOf("operator running: ", hop2)).as("0.4.0 runs").isGreaterThan(hop2);
    }

    private static void assertHistory(RealCluster cluster, String prefix, String ns) {
        CliRun status = cluster.run("status", "-n", ns);
        assertThat(status.out()).containsPattern(ns + "\\s+" + prefix + "-operator\\s+0.3.0\\s+" + prefix
                        + "-operator.v0.3.0\\s+Complete")
                .containsPattern(ns + "\\s+" + prefix + "-operator\\s+0.3.1\\s+" + prefix + "-operator.v0.3.1\\s+Complete")
                .containsPattern(ns + "\\s+" + prefix + "-operator\\s+0.4.0\\s+" + prefix + "-operator.v0.4.0\\s+Complete");
    }

    /**
     * Three renamed versions of the sample in {@code dir} (v030, v031, v040), whose CSVs and channel are
     * joined only by {@code replaces}, and a file-based catalog of them whose images are the directories.
     */
    static Path replacesOnlyCatalog(Path dir, String prefix) throws IOException {
        String pkg = prefix + "-operator";
        Path v030 = SampleCopies.renamed("samples/bundles/cachebox-operator-v0.3.0", dir.resolve("v030"), prefix);
        Path v031 = SampleCopies.renamed("samples/bundles/cachebox-operator", dir.resolve("v031"), prefix);
        Path v040 = SampleCopies.renamed("samples/bundles/cachebox-operator-v0.4.0", dir.resolve("v040"), prefix);
        Path csv031 = v031.resolve("manifests/" + pkg + ".clusterserviceversion.yaml");
        Files.writeString(csv031, Files.readString(csv031).replace("  version: 0.3.1\n",
                "  version: 0.3.1\n  replaces: " + pkg + ".v0.3.0\n"));
        Path csv040 = v040.resolve("manifests/" + pkg + ".clusterserviceversion.yaml");
        Files.writeString(csv040, Files.readString(csv040).replace("    olm.skipRange: '>=0.2.0 <0.4.0'\n", "")
                .replace("  skips:\n    - " + pkg + ".v0.3.0\n", ""));
        Path catalog = dir.resolve("catalog");
        Files.createDirectories(catalog);
        StringBuilder json = new StringBuilder("{\"schema\":\"olm.package\",\"name\":\"" + pkg
                + "\",\"defaultChannel\":\"stable\"}\n{\"schema\":\"olm.channel\",\"package\":\"" + pkg
                + "\",\"name\":\"stable\",\"entries\":[{\"name\":\"" + pkg + ".v0.3.0\"},{\"name\":\"" + pkg
                + ".v0.3.1\",\"replaces\":\"" + pkg + ".v0.3.0\"},{\"name\":\"" + pkg + ".v0.4.0\",\"replaces\":\""
                + pkg + ".v0.3.1\"}]}\n");
        for (Map.Entry<String, Path> bundle : Map.of("0.3.0", v030, "0.3.1", v031, "0.4.0", v040).entrySet()) {
            json.append("{\"schema\":\"olm.bundle\",\"name\":\"").append(pkg).append(".v").append(bundle.getKey())
                    .append("\",\"package\":\"").append(pkg).append("\",\"image\":\"").append(bundle.getValue())
                    .append("\",\"properties\":[{\"type\":\"olm.package\",\"value\":{\"packageName\":\"").append(pkg)
                    .append("\",\"version\":\"").append(bundle.getKey()).append("\"}}]}\n");
        }
        Files.writeString(catalog.resolve("catalog.json"), json.toString());
        return catalog;
    }



}
