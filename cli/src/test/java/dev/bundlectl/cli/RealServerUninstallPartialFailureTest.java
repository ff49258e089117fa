package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.executor.testing.RealApiServer;
import dev.bundlectl.executor.testing.RealApiServerExtension;
import dev.bundlectl.executor.testing.RealApiServerExtension.Served;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * An uninstall that ran and could not delete everything exits 3, like an install that Failed:
 * here the uninstalling user may delete the namespace's ConfigMaps and Secrets but not the CSV or
 * the cluster-scoped RBAC, which the real server refuses with 403.
 */
@ExtendWith(RealApiServerExtension.class)
class RealServerUninstallPartialFailureTest {

    @Test
    void anUninstallThatCouldNotDeleteEverythingExitsThree(@Served(RealApiServer.Flavour.OLM) RealApiServer server,
            @TempDir Path dir) {
        RealCluster cluster = RealCluster.in(server, "partial");
        String ns = cluster.namespace();
        CliRun install = cluster.run("install", RealCluster.sample(), "-n", ns);
        assertThat(install.exitCode()).as(install.toString()).isZero();
        Path bob = cluster.kubeconfigForRecordKeeper(dir, "bob");

        CliRun uninstall = cluster.runWith(bob, "uninstall", "--package", "cachebox-operator", "-n", ns);

        assertThat(uninstall.exitCode()).as(uninstall.toString()).isEqualTo(ExitCode.PLAN_FAILED);
        assertThat(cluster.client().configMaps().inNamespace(ns).withName("cachebox-defaults").get())
                .as("what bob may delete is deleted").isNull();
        assertThat(cluster.get("operators.coreos.com/v1alpha1", "ClusterServiceVersion", "clusterserviceversions",
                "cachebox-operator.v0.3.1")).as("what bob may not delete stays").isNotNull();
    }
}
