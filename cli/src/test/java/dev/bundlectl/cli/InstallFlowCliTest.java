package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

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

    private CliCluster cluster;

    @BeforeEach
    void startCluster(@TempDir Path dir) {
        cluster = CliCluster.start(dir);
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
        CliRun first = cluster.run("install", sample(), "-n", "demo", "--create-namespace");

        assertThat(first.exitCode()).as(first.toString()).isZero();
        assertThat(first.out()).contains("Phase Complete");
        assertThat(first.out()).containsPattern("ServiceMonitor\\s+cachebox-operator-metrics\\s+demo\\s+yes\\s+NotCreated");
        assertThat(first.out()).containsPattern("PrometheusRule\\s+cachebox-operator-alerts\\s+demo\\s+yes\\s+NotCreated");
        assertThat(first.out()).containsPattern("VerticalPodAutoscaler\\s+cachebox-operator\\s+demo\\s+yes\\s+NotCreated");
        assertThat(first.out()).containsPattern("ClusterServiceVersion\\s+cachebox-operator.v0.3.1\\s+demo\\s+no\\s+Created");
        assertThat(first.out()).doesNotContain("CBX-SAMPLE-0000-0000-0000");
        assertThat(first.err()).contains("install record: demo/bundlectl.cachebox-operator.");

        CliRun second = cluster.run("install", sample(), "-n", "demo");
        assertThat(second.exitCode()).as(second.toString()).isZero();
        assertThat(second.out()).containsPattern("ConfigMap\\s+cachebox-defaults\\s+demo\\s+no\\s+Present");
        assertThat(second.out()).containsPattern("ClusterServiceVersion\\s+cachebox-operator.v0.3.1\\s+demo\\s+no\\s+Present");
        assertThat(second.out()).doesNotContainPattern("\\sCreated\\s");

        CliRun list = cluster.run("status", "-n", "demo");
        assertThat(list.exitCode()).as(list.toString()).isZero();
        assertThat(list.out().lines().filter(line -> line.contains("cachebox-operator.v0.3.1")).count()).isEqualTo(2);

        String firstRecord = first.err().replaceAll("(?s).*install record: demo/(\\S+) .*", "$1");
        CliRun one = cluster.run("status", "-n", "demo", firstRecord);
        assertThat(one.exitCode()).as(one.toString()).isZero();
        assertThat(one.out()).contains("Phase:      Complete").contains("API monitoring.coreos.com/v1 ServiceMonitor");

        CliRun uninstall = cluster.run("uninstall", "--package", "cachebox-operator", "-n", "demo");
        assertThat(uninstall.exitCode()).as(uninstall.toString()).isZero();
        assertThat(uninstall.out()).contains("Deleted ConfigMap/demo/cachebox-defaults");
        assertThat(uninstall.out()).contains("CustomResourceDefinition");
    }
}
