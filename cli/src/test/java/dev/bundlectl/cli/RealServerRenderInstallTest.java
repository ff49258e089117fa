package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.executor.testing.RealApiServer;
import dev.bundlectl.executor.testing.RealApiServerExtension;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Render mode on a real kube-apiserver without OLM's CRDs: the CSV becomes a Deployment, a
 * ServiceAccount and RBAC that the real server accepts, and uninstall removes them. The server runs
 * no controllers, so a Deployment never becomes Available: {@code --wait} is shown to report that.
 */
@ExtendWith(RealApiServerExtension.class)
@Tag(RealApiServer.SMOKE_ON_OLDEST)
class RealServerRenderInstallTest {

    @Test
    void rendersTheCsvInstallsWhatTheServerAcceptsAndUninstallsIt(RealApiServer server) {
        RealCluster cluster = RealCluster.in(server, "render");
        String ns = cluster.namespace();

        CliRun install = cluster.run("install", RealCluster.sample(), "-n", ns);

        assertThat(install.exitCode()).as(install.toString()).isZero();
        assertThat(install.out()).contains("Phase Complete");
        assertThat(install.out()).containsPattern("ClusterServiceVersion\\s+cachebox-operator.v0.3.1\\s+" + ns
                + "\\s+no\\s+NotCreated\\s+rendered into 6 objects \\(csv-mode render\\)");
        assertThat(install.out()).containsPattern("└ Deployment\\s+cachebox-operator\\s+" + ns + "\\s+no\\s+Created");
        assertThat(install.out()).containsPattern("└ ServiceAccount\\s+cachebox-operator\\s+" + ns + "\\s+no\\s+Created");
        GenericKubernetesResource deployment = cluster.get("apps/v1", "Deployment", "deployments", "cachebox-operator");
        assertThat(deployment.getMetadata().getAnnotations()).containsEntry("olm.targetNamespaces", "");
        assertThat(deployment.getMetadata().getLabels()).containsEntry("app.kubernetes.io/managed-by", "bundlectl");

        CliRun uninstall = cluster.run("uninstall", "--package", "cachebox-operator", "-n", ns);

        assertThat(uninstall.exitCode()).as(uninstall.toString()).isZero();
        assertThat(uninstall.out()).contains("Deleted Deployment/" + ns + "/cachebox-operator")
                .contains("Deleted ServiceAccount/" + ns + "/cachebox-operator");
        assertThat(cluster.get("apps/v1", "Deployment", "deployments", "cachebox-operator")).isNull();
    }

    @Test
    void waitReportsThatNoDeploymentBecomesAvailableOnAServerWithoutControllers(RealApiServer server) {
        RealCluster cluster = RealCluster.in(server, "wait");

        CliRun install = cluster.run("install", RealCluster.sample(), "-n", cluster.namespace(), "--wait",
                "--wait-timeout", "2s");

        assertThat(install.exitCode()).as(install.toString()).isEqualTo(ExitCode.PLAN_FAILED);
        assertThat(install.out()).contains("Phase Complete");
        assertThat(install.err()).contains("Deployment " + cluster.namespace() + "/cachebox-operator: not Available after");
    }
}
