package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.executor.testing.KubeletStandIn;
import dev.bundlectl.executor.testing.RealApiServer;
import dev.bundlectl.executor.testing.RealApiServerExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Upgrades between the shipped sample versions on the real API server, in render mode
 * (docs/semantics.md §9): v0.3.1 to v0.4.0, which replaces it and no longer ships the
 * cachebox-defaults ConfigMap. What only the old version had stays until the new version runs: an
 * upgrade without {@code --wait} keeps it for now, and installing v0.4.0 again with {@code --wait}
 * removes it once its Deployment has rolled out. Going back to v0.3.0 is a downgrade, refused
 * without {@code --force}. Nothing here runs Pods: {@link KubeletStandIn} writes the rolled-out
 * status of the rendered Deployment, the one simulated part.
 */
@ExtendWith(RealApiServerExtension.class)
class RealServerSampleUpgradeTest {

    @Test
    void theDroppedConfigMapStaysUntilTheNewVersionRunsAndALowerVersionNeedsForce(
            @RealApiServerExtension.Served(RealApiServer.Flavour.OLM) RealApiServer server) {
        RealCluster cluster = RealCluster.in(server, "sample-upgrade");
        String ns = cluster.namespace();
        CliRun first = cluster.run("install", TestPaths.arg("samples/bundles/cachebox-operator"), "-n", ns,
                "--csv-mode", "render");
        assertThat(first.exitCode()).as(first.toString()).isZero();
        String serviceUid = cluster.client().services().inNamespace(ns).withName("cachebox-operator-metrics").get()
                .getMetadata().getUid();

        CliRun upgrade = cluster.run("install", TestPaths.arg("samples/bundles/cachebox-operator-v0.4.0"), "-n", ns,
                "--csv-mode", "render");

        assertThat(upgrade.exitCode()).as(upgrade.toString()).isZero();
        assertThat(upgrade.out()).contains("Upgrade from cachebox-operator.v0.3.1")
                .containsPattern("ConfigMap\\s+cachebox-defaults\\s+" + ns + ".*Unknown\\s+Delete\\s+kept for now: "
                        + "the new version is not running: 0 of 1 Deployment\\(s\\) Available yet");
        assertThat(cluster.client().configMaps().inNamespace(ns).withName("cachebox-defaults").get())
                .as("the old version may still read it").isNotNull();
        assertThat(cluster.client().services().inNamespace(ns).withName("cachebox-operator-metrics").get()
                .getMetadata().getUid()).as("kept, not re-created").isEqualTo(serviceUid);

        CliRun again;
        try (KubeletStandIn.Background kubelet = KubeletStandIn.of(server).start(ns, "cachebox-operator.v0.4.0")) {
            again = cluster.run("install", TestPaths.arg("samples/bundles/cachebox-operator-v0.4.0"), "-n", ns,
                    "--csv-mode", "render", "--wait", "--wait-timeout", "60s");
        }
        assertThat(again.exitCode()).as(again.toString()).isZero();
        assertThat(again.out()).containsPattern("ConfigMap\\s+cachebox-defaults\\s+" + ns + ".*Deleted");
        assertThat(again.err()).contains("Deployment " + ns + "/cachebox-operator: Available after")
                .contains("operator running: 1 of 1 Deployment(s) Available");
        assertThat(cluster.client().configMaps().inNamespace(ns).withName("cachebox-defaults").get()).isNull();

        CliRun back = cluster.run("install", TestPaths.arg("samples/bundles/cachebox-operator-v0.3.0"), "-n", ns,
                "--csv-mode", "render");
        assertThat(back.exitCode()).as(back.toString()).isEqualTo(ExitCode.INVALID_INPUT);
        assertThat(back.err()).contains("cannot upgrade cachebox-operator from cachebox-operator.v0.4.0 (0.4.0) to "
                        + "cachebox-operator.v0.3.0 (0.3.0): version 0.3.0 is lower than the installed 0.4.0")
                .contains("nothing was applied (--force installs it anyway)");

        CliRun forced = cluster.run("install", TestPaths.arg("samples/bundles/cachebox-operator-v0.3.0"), "-n", ns,
                "--csv-mode", "render", "--force");
        assertThat(forced.exitCode()).as(forced.toString()).isZero();
        assertThat(forced.out()).contains("Rollback from cachebox-operator.v0.4.0 (0.4.0) to cachebox-operator.v0.3.0 "
                + "(0.3.0), a lower version");
        cluster.run("uninstall", "--package", "cachebox-operator", "-n", ns);
    }
}
