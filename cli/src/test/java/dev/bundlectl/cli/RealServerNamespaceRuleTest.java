package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.executor.testing.RealApiServer;
import dev.bundlectl.executor.testing.RealApiServerExtension;
import dev.bundlectl.executor.testing.RealApiServerExtension.Served;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * kubectl's namespace rule on a real kube-apiserver: without {@code -n}, every command uses the
 * kubeconfig context's namespace, so a plain {@code status} and a plain {@code uninstall} find what
 * a plain {@code install} created.
 */
@ExtendWith(RealApiServerExtension.class)
class RealServerNamespaceRuleTest {

    private static CliRun installWithoutNamespaceFlag(RealCluster cluster, Path kubeconfig) {
        CliRun install = cluster.runWith(kubeconfig, "install", RealCluster.sample());
        assertThat(install.exitCode()).as(install.toString()).isZero();
        return install;
    }

    @Test
    void installWithoutNamespaceFlagLandsInTheContextNamespace(@Served(RealApiServer.Flavour.OLM) RealApiServer server,
            @TempDir Path dir) {
        RealCluster cluster = RealCluster.in(server, "ctxns");
        String ns = cluster.namespace();

        CliRun install = installWithoutNamespaceFlag(cluster, server.kubeconfigInNamespace(dir, ns));

        assertThat(install.err()).contains("install record: " + ns + "/bundlectl.cachebox-operator.");
        assertThat(cluster.client().configMaps().inNamespace(ns).withName("cachebox-defaults").get()).isNotNull();
        assertThat(cluster.client().configMaps().inNamespace("default").withName("cachebox-defaults").get())
                .as("not in 'default'").isNull();
    }

    @Test
    void statusWithoutNamespaceFlagListsTheContextNamespacesInstalls(
            @Served(RealApiServer.Flavour.OLM) RealApiServer server, @TempDir Path dir) {
        RealCluster cluster = RealCluster.in(server, "ctxstatus");
        Path kubeconfig = server.kubeconfigInNamespace(dir, cluster.namespace());
        installWithoutNamespaceFlag(cluster, kubeconfig);

        CliRun status = cluster.runWith(kubeconfig, "status");

        assertThat(status.exitCode()).as(status.toString()).isZero();
        assertThat(status.out()).containsPattern(cluster.namespace() + "\\s+bundlectl\\.cachebox-operator\\.\\S+\\s+"
                + "cachebox-operator\\s+cachebox-operator\\.v0\\.3\\.1\\s+Complete");
    }

    @Test
    void uninstallWithoutNamespaceFlagFindsTheInstallInTheContextNamespace(
            @Served(RealApiServer.Flavour.OLM) RealApiServer server, @TempDir Path dir) {
        RealCluster cluster = RealCluster.in(server, "ctxuninstall");
        Path kubeconfig = server.kubeconfigInNamespace(dir, cluster.namespace());
        installWithoutNamespaceFlag(cluster, kubeconfig);

        CliRun uninstall = cluster.runWith(kubeconfig, "uninstall", "--package", "cachebox-operator");

        assertThat(uninstall.exitCode()).as(uninstall.toString()).isZero();
        assertThat(cluster.client().configMaps().inNamespace(cluster.namespace()).withName("cachebox-defaults").get())
                .isNull();
    }
}
