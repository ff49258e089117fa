package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.executor.testing.RealApiServer;
import dev.bundlectl.executor.testing.RealApiServerExtension;
import dev.bundlectl.executor.testing.RealApiServerExtension.Served;
import dev.bundlectl.executor.testing.SickApiService;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * bundlectl on a real kube-apiserver where an aggregated API answers 503 because its service is
 * missing (as on a cluster whose metrics-server is down). Only the steps of that group/version are
 * affected: they say their discovery failed, never that their API is not served.
 */
@ExtendWith(RealApiServerExtension.class)
class RealServerSickAggregatedApiTest {

    private static final String SICK_MONITORING = "discovery of monitoring.coreos.com/v1 failed: 503 ServiceUnavailable";

    @Test
    void theSampleInstallsCompleteWhileMetricsAnswers503(@Served(RealApiServer.Flavour.OLM) RealApiServer server) {
        RealCluster cluster = RealCluster.in(server, "sick-install");
        try (SickApiService sick = SickApiService.register(server, "metrics.k8s.io", "v1beta1")) {
            CliRun run = cluster.run("install", RealCluster.sample(), "-n", cluster.namespace());

            assertThat(run.exitCode()).as(run.toString()).isZero();
            assertThat(run.out()).contains("Phase Complete");
        }
    }

    @Test
    void planAgainstTheClusterSucceedsWhileMetricsAnswers503(@Served(RealApiServer.Flavour.OLM) RealApiServer server) {
        RealCluster cluster = RealCluster.in(server, "sick-plan");
        try (SickApiService sick = SickApiService.register(server, "metrics.k8s.io", "v1beta1")) {
            CliRun run = cluster.run("plan", RealCluster.sample(), "-n", cluster.namespace());

            assertThat(run.exitCode()).as(run.toString()).isZero();
            assertThat(run.err()).doesNotContain("metrics.k8s.io").as("no step uses it");
        }
    }

    @Test
    void aStepOfTheSickGroupPlansUnknownWithTheDiscoveryFailureAndAWarning(
            @Served(RealApiServer.Flavour.OLM) RealApiServer server) {
        RealCluster cluster = RealCluster.in(server, "sick-step-plan");
        try (SickApiService sick = SickApiService.register(server, "monitoring.coreos.com", "v1")) {
            CliRun run = cluster.run("plan", RealCluster.sample(), "-n", cluster.namespace(), "-o", "json");

            assertThat(run.exitCode()).as("not predicted to fail: " + run).isZero();
            JsonNode monitor = RealCluster.step(RealCluster.json(run), "ServiceMonitor", "cachebox-operator-metrics");
            assertThat(monitor.path("status").asText()).isEqualTo("Unknown");
            assertThat(monitor.path("message").asText()).startsWith(SICK_MONITORING).doesNotContain("not served");
            assertThat(run.err()).contains("warning").contains(SICK_MONITORING);
        }
    }

    @Test
    void aStepOfTheSickGroupFailsWithTheDiscoveryFailureAndEveryOtherStepInstalls(
            @Served(RealApiServer.Flavour.OLM) RealApiServer server) {
        RealCluster cluster = RealCluster.in(server, "sick-step-install");
        try (SickApiService sick = SickApiService.register(server, "monitoring.coreos.com", "v1")) {
            CliRun run = cluster.run("install", RealCluster.sample(), "-n", cluster.namespace(), "-o", "json",
                    "--timeout", "20s");

            assertThat(run.exitCode()).as(run.toString()).isEqualTo(ExitCode.PLAN_FAILED);
            JsonNode plan = RealCluster.json(run);
            JsonNode monitor = RealCluster.step(plan, "ServiceMonitor", "cachebox-operator-metrics");
            assertThat(monitor.path("status").asText()).as("optional, yet not NotCreated").isEqualTo("Failed");
            assertThat(monitor.path("message").asText()).startsWith(SICK_MONITORING).doesNotContain("not served");
            assertThat(RealCluster.step(plan, "ConfigMap", "cachebox-defaults").path("status").asText()).isEqualTo("Created");
            assertThat(RealCluster.step(plan, "ClusterServiceVersion", "cachebox-operator.v0.3.1").path("status").asText()).isEqualTo("Created");
            assertThat(cluster.client().configMaps().inNamespace(cluster.namespace()).withName("cachebox-defaults").get())
                    .isNotNull();
        }
    }
}
