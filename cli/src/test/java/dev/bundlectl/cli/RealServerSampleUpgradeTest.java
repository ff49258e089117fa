package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.executor.testing.RealApiServer;
import dev.bundlectl.executor.testing.RealApiServerExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Upgrades between the shipped sample versions on the real API server: v0.3.1 to v0.4.0 (which
 * replaces it and no longer ships the cachebox-defaults ConfigMap) deletes that ConfigMap and keeps
 * the rest; going back to v0.3.0, which nothing connects to v0.4.0, is refused without --force.
 */
@ExtendWith(RealApiServerExtension.class)
class RealServerSampleUpgradeTest {

    @Test
    void theSampleUpgradeDeletesTheDroppedConfigMapAndAnUnconnectedVersionNeedsForce(
            @RealApiServerExtension.Served(RealApiServer.Flavour.OLM) RealApiServer server) {
        RealCluster cluster = RealCluster.in(server, "sample-upgrade");
        String ns = cluster.namespace();
        CliRun first = cluster.run("install", TestPaths.arg("samples/bundles/cachebox-operator"), "-n", ns);
        assertThat(first.exitCode()).as(first.toString()).isZero();
        String serviceUid = cluster.client().services().inNamespace(ns).withName("cachebox-operator-metrics").get()
                .getMetadata().getUid();

        CliRun upgrade = cluster.run("install", TestPaths.arg("samples/bundles/cachebox-operator-v0.4.0"), "-n", ns);

        assertThat(upgrade.exitCode()).as(upgrade.toString()).isZero();
        assertThat(upgrade.out()).contains("Upgrade from cachebox-operator.v0.3.1")
                .containsPattern("ConfigMap\\s+cachebox-defaults\\s+" + ns + ".*Deleted");
        assertThat(cluster.client().configMaps().inNamespace(ns).withName("cachebox-defaults").get()).isNull();
        assertThat(cluster.client().services().inNamespace(ns).withName("cachebox-operator-metrics").get()
                .getMetadata().getUid()).as("kept, not re-created").isEqualTo(serviceUid);

        CliRun back = cluster.run("install", TestPaths.arg("samples/bundles/cachebox-operator-v0.3.0"), "-n", ns);
        assertThat(back.exitCode()).as(back.toString()).isEqualTo(ExitCode.INVALID_INPUT);
        assertThat(back.err()).contains("cannot upgrade cachebox-operator from cachebox-operator.v0.4.0")
                .contains("nothing was applied (--force installs it anyway)");
        assertThat(cluster.get("operators.coreos.com/v1alpha1", "ClusterServiceVersion", "clusterserviceversions",
                "cachebox-operator.v0.3.0")).isNull();

        CliRun forced = cluster.run("install", TestPaths.arg("samples/bundles/cachebox-operator-v0.3.0"), "-n", ns,
                "--force");
        assertThat(forced.exitCode()).as(forced.toString()).isZero();
        assertThat(forced.out()).contains("Upgrade from cachebox-operator.v0.4.0");
    }
}
