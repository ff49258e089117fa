package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 5's done-when: on a cluster with no OLM API, the sample installs with its CSV rendered
 * into plain objects, the optional monitoring steps end NotCreated, {@code --wait} reports the
 * Deployment Available, and uninstall removes what was created.
 */
class RenderInstallCliTest {

    private static final ResourceDefinitionContext DEPLOYMENTS = new ResourceDefinitionContext.Builder()
            .withGroup("apps").withVersion("v1").withKind("Deployment").withPlural("deployments").withNamespaced(true)
            .build();

    private CliCluster cluster;
    private final ExecutorService controller = Executors.newSingleThreadExecutor();

    @BeforeEach
    void startCluster(@TempDir Path dir) throws IOException {
        cluster = CliCluster.startWithoutOlm(dir);
    }

    @AfterEach
    void stop() {
        controller.shutdownNow();
        cluster.close();
    }

    @Test
    void rendersInstallsWaitsAndUninstallsOnAClusterWithoutOlm() throws Exception {
        KubernetesClient client = cluster.connection().client();
        controller.submit(() -> markAvailableOnceCreated(client, "demo", "cachebox-operator"));
        String sample = CliRun.repoRoot().resolve("samples/bundles/cachebox-operator").toString();

        CliRun install = cluster.run("install", sample, "-n", "demo", "--create-namespace", "--wait",
                "--wait-timeout", "30s");

        assertThat(install.exitCode()).as(install.toString()).isZero();
        assertThat(install.out()).contains("Phase Complete");
        assertThat(install.out()).containsPattern("ClusterServiceVersion\\s+cachebox-operator.v0.3.1\\s+demo\\s+no\\s+"
                + "NotCreated\\s+rendered into 6 objects \\(csv-mode render\\)");
        assertThat(install.out()).containsPattern("└ ServiceAccount\\s+cachebox-operator\\s+demo\\s+no\\s+Created");
        assertThat(install.out()).containsPattern("└ Deployment\\s+cachebox-operator\\s+demo\\s+no\\s+Created");
        assertThat(install.out().lines().filter(l -> l.matches(".*└ ClusterRole(Binding)? .*Created.*")).count())
                .isEqualTo(4);
        assertThat(install.out()).containsPattern("ServiceMonitor\\s+cachebox-operator-metrics\\s+demo\\s+yes\\s+NotCreated");
        assertThat(install.err()).contains("Deployment demo/cachebox-operator: Available after");
        assertThat(cluster.mock().requests("POST", "/apis/operators.coreos.com")).isEmpty();
        GenericKubernetesResource deployment =
                client.genericKubernetesResources(DEPLOYMENTS).inNamespace("demo").withName("cachebox-operator").get();
        assertThat(deployment.getMetadata().getAnnotations()).containsEntry("olm.targetNamespaces", "");
        assertThat(deployment.getMetadata().getLabels()).containsEntry("app.kubernetes.io/managed-by", "bundlectl");

        CliRun uninstall = cluster.run("uninstall", "--package", "cachebox-operator", "-n", "demo");

        assertThat(uninstall.exitCode()).as(uninstall.toString()).isZero();
        assertThat(uninstall.out()).contains("Deleted Deployment/demo/cachebox-operator")
                .contains("Deleted ServiceAccount/demo/cachebox-operator");
        assertThat(client.genericKubernetesResources(DEPLOYMENTS).inNamespace("demo").withName("cachebox-operator").get())
                .isNull();
    }

    @Test
    void waitReportsADeploymentThatNeverBecomesAvailableAndExitsThree() {
        String sample = CliRun.repoRoot().resolve("samples/bundles/cachebox-operator").toString();

        CliRun install = cluster.run("install", sample, "-n", "demo", "--create-namespace", "--wait",
                "--wait-timeout", "1s");

        assertThat(install.exitCode()).as(install.toString()).isEqualTo(ExitCode.PLAN_FAILED);
        assertThat(install.out()).contains("Phase Complete");
        assertThat(install.err()).contains("Deployment demo/cachebox-operator: not Available after")
                .contains("no Available condition reported yet");
    }

    /** Plays the Deployment controller: once the object exists, report it Available. */
    private static void markAvailableOnceCreated(KubernetesClient client, String namespace, String name) {
        try {
            for (int i = 0; i < 300 && !Thread.currentThread().isInterrupted(); i++) {
                GenericKubernetesResource found =
                        client.genericKubernetesResources(DEPLOYMENTS).inNamespace(namespace).withName(name).get();
                if (found != null) {
                    found.setAdditionalProperty("status", Map.of("conditions", List.of(Map.of(
                            "type", "Available", "status", "True", "reason", "MinimumReplicasAvailable"))));
                    client.genericKubernetesResources(DEPLOYMENTS).inNamespace(namespace).resource(found).update();
                    return;
                }
                TimeUnit.MILLISECONDS.sleep(100);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
