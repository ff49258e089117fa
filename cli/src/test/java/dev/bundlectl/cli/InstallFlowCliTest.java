package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.executor.testing.MockCluster;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The whole life of an install through the CLI, against fabric8's CRUD mock server with OLM's
 * CSV API served and neither Prometheus nor the VPA: install, re-install, status, uninstall.
 */
class InstallFlowCliTest {

    private MockCluster cluster;
    private Path kubeconfig;

    @BeforeEach
    void startCluster(@TempDir Path dir) throws IOException {
        cluster = MockCluster.start();
        kubeconfig = dir.resolve("kubeconfig");
        Files.writeString(kubeconfig, """
                apiVersion: v1
                kind: Config
                clusters:
                - name: mock
                  cluster:
                    server: %s
                users:
                - name: tester
                  user:
                    token: test-token
                contexts:
                - name: mock
                  context: {cluster: mock, user: tester, namespace: demo}
                current-context: mock
                """.formatted(cluster.url()));
    }

    @AfterEach
    void stopCluster() {
        cluster.close();
    }

    private String sample() {
        return CliRun.repoRoot().resolve("samples/bundles/cachebox-operator").toString();
    }

    @Test
    void installsTheSampleWithOptionalMonitoringNotCreatedThenReinstallsCleanlyThenUninstalls() {
        CliRun first = CliRun.of("install", sample(), "-n", "demo", "--create-namespace",
                "--kubeconfig", kubeconfig.toString());

        assertThat(first.exitCode()).as(first.toString()).isZero();
        assertThat(first.out()).contains("Phase Complete");
        assertThat(first.out()).containsPattern("ServiceMonitor\\s+cachebox-operator-metrics\\s+demo\\s+yes\\s+NotCreated");
        assertThat(first.out()).containsPattern("PrometheusRule\\s+cachebox-operator-alerts\\s+demo\\s+yes\\s+NotCreated");
        assertThat(first.out()).containsPattern("VerticalPodAutoscaler\\s+cachebox-operator\\s+demo\\s+yes\\s+NotCreated");
        assertThat(first.out()).containsPattern("ClusterServiceVersion\\s+cachebox-operator.v0.3.1\\s+demo\\s+no\\s+Created");
        assertThat(first.out()).doesNotContain("CBX-SAMPLE-0000-0000-0000");
        assertThat(first.err()).contains("install record: demo/bundlectl.cachebox-operator.");

        CliRun second = CliRun.of("install", sample(), "-n", "demo", "--kubeconfig", kubeconfig.toString());
        assertThat(second.exitCode()).as(second.toString()).isZero();
        assertThat(second.out()).containsPattern("ConfigMap\\s+cachebox-defaults\\s+demo\\s+no\\s+Present");
        assertThat(second.out()).containsPattern("ClusterServiceVersion\\s+cachebox-operator.v0.3.1\\s+demo\\s+no\\s+Present");
        assertThat(second.out()).doesNotContainPattern("\\sCreated\\s");

        CliRun list = CliRun.of("status", "-n", "demo", "--kubeconfig", kubeconfig.toString());
        assertThat(list.exitCode()).as(list.toString()).isZero();
        assertThat(list.out().lines().filter(line -> line.contains("cachebox-operator.v0.3.1")).count()).isEqualTo(2);

        String firstRecord = first.err().replaceAll("(?s).*install record: demo/(\\S+) .*", "$1");
        CliRun one = CliRun.of("status", "-n", "demo", firstRecord, "--kubeconfig", kubeconfig.toString());
        assertThat(one.exitCode()).as(one.toString()).isZero();
        assertThat(one.out()).contains("Phase:      Complete").contains("API monitoring.coreos.com/v1 ServiceMonitor");

        CliRun uninstall = CliRun.of("uninstall", "--package", "cachebox-operator", "-n", "demo",
                "--kubeconfig", kubeconfig.toString());
        assertThat(uninstall.exitCode()).as(uninstall.toString()).isZero();
        assertThat(uninstall.out()).contains("Deleted ConfigMap/demo/cachebox-defaults");
        assertThat(uninstall.out()).contains("CustomResourceDefinition");
    }
}
