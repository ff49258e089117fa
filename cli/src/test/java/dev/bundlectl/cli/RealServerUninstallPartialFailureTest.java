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
 * An uninstall the identity may not finish is refused before it removes anything, naming what the
 * identity lacks, and exits 3, like an install that Failed: here the uninstalling user may delete
 * the namespace's ConfigMaps and Secrets but not the CSV or the cluster-scoped RBAC, which the
 * real server says when asked (docs/semantics.md §7). Nothing half-done is left.
 */
@ExtendWith(RealApiServerExtension.class)
class RealServerUninstallPartialFailureTest {

    @Test
    void anUninstallTheIdentityMayNotFinishRemovesNothingNamesWhatIsMissingAndExitsThree(@Served(RealApiServer.Flavour.OLM) RealApiServer server,
            @TempDir Path dir) {
        RealCluster cluster = RealCluster.in(server, "partial");
        String ns = cluster.namespace();
        CliRun install = cluster.run("install", RealCluster.sample(), "-n", ns);
        assertThat(install.exitCode()).as(install.toString()).isZero();
        Path bob = cluster.kubeconfigForRecordKeeper(dir, "bob");

        CliRun uninstall = cluster.runWith(bob, "uninstall", "--package", "cachebox-operator", "-n", ns);

        assertThat(uninstall.exitCode()).as(uninstall.toString()).isEqualTo(ExitCode.PLAN_FAILED);
        assertThat(uninstall.err()).contains("error: bob may not uninstall cachebox-operator from namespace " + ns)
                .contains("nothing was written")
                .contains("get clusterserviceversions.operators.coreos.com \"cachebox-operator.v0.3.1\" in namespace "
                        + ns);
        assertThat(cluster.client().configMaps().inNamespace(ns).withName("cachebox-defaults").get())
                .as("nothing is removed, not even what bob may delete").isNotNull();
        assertThat(cluster.get("operators.coreos.com/v1alpha1", "ClusterServiceVersion", "clusterserviceversions",
                "cachebox-operator.v0.3.1")).isNotNull();
        assertThat(cluster.client().secrets().inNamespace(ns).list().getItems())
                .filteredOn(secret -> "bundlectl.dev/install-record".equals(secret.getType())).as("the record stays")
                .isNotEmpty();
    }
}
