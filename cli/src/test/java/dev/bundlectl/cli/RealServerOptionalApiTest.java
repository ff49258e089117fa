package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.executor.testing.RealApiServer;
import dev.bundlectl.executor.testing.RealApiServerExtension;
import dev.bundlectl.executor.testing.RealApiServerExtension.Served;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --optional-api} on a real kube-apiserver with OLM's CRDs and no Prometheus Operator: the
 * sample bundle with its ServiceMonitor and PrometheusRule not marked optional (as in real
 * bundles) fails without the flag, nothing applied, and installs {@code Complete} with it, the
 * monitoring steps {@code NotCreated} naming the rule, whether planned live or from a reviewed plan.
 */
@ExtendWith(RealApiServerExtension.class)
class RealServerOptionalApiTest {

    private static final String MONITORING = "monitoring.coreos.com";
    private static final String ORIGIN = "(optional by --optional-api monitoring.coreos.com)";

    @Test
    void withoutTheFlagTheInstallIsRefusedAndNothingIsApplied(@Served(RealApiServer.Flavour.OLM) RealApiServer server,
            @TempDir Path dir) {
        RealCluster cluster = RealCluster.in(server, "optapi-none");
        String ns = cluster.namespace();
        Path bundle = SampleCopies.unmarked(dir.resolve("bundle"), true);

        CliRun install = cluster.run("install", bundle.toString(), "-n", ns);

        assertThat(install.exitCode()).as(install.toString()).isEqualTo(ExitCode.PLAN_FAILED);
        assertThat(install.err()).contains("error: the plan cannot succeed on this cluster; nothing was applied")
                .contains("  ServiceMonitor/" + ns + "/cachebox-operator-metrics: GroupVersionKind "
                        + "monitoring.coreos.com/v1, Kind=ServiceMonitor not found on the cluster")
                .contains("  pass --optional-api monitoring.coreos.com to install without them");
        assertThat(cluster.client().configMaps().inNamespace(ns).withName("cachebox-defaults").get()).isNull();
        assertThat(cluster.client().secrets().inNamespace(ns).list().getItems()).as("no bundle Secret, no install record")
                .isEmpty();
        assertThat(cluster.get("operators.coreos.com/v1alpha1", "ClusterServiceVersion", "clusterserviceversions",
                "cachebox-operator.v0.3.1")).isNull();
    }

    @Test
    void withTheFlagTheInstallCompletesAndTheMonitoringStepsAreNotCreatedSayingWhy(
            @Served(RealApiServer.Flavour.OLM) RealApiServer server, @TempDir Path dir) {
        RealCluster cluster = RealCluster.in(server, "optapi-live");
        String ns = cluster.namespace();
        Path bundle = SampleCopies.unmarked(dir.resolve("bundle"), true);

        CliRun install = cluster.run("install", bundle.toString(), "-n", ns, "-o", "json", "--optional-api", MONITORING);

        assertThat(install.exitCode()).as(install.toString()).isZero();
        JsonNode plan = RealCluster.json(install);
        assertThat(plan.path("status").path("phase").asText()).isEqualTo("Complete");
        for (String kindAndName : new String[] {"ServiceMonitor/cachebox-operator-metrics",
                "PrometheusRule/cachebox-operator-alerts"}) {
            String[] parts = kindAndName.split("/");
            JsonNode step = RealCluster.step(plan, parts[0], parts[1]);
            assertThat(step.path("optional").asBoolean()).as(kindAndName).isTrue();
            assertThat(step.path("status").asText()).as(kindAndName).isEqualTo("NotCreated");
            assertThat(step.path("message").asText()).as(kindAndName)
                    .isEqualTo("API monitoring.coreos.com/v1 " + parts[0] + " is not served " + ORIGIN);
            assertThat(step.path("optionalBy").asText()).isEqualTo("--optional-api " + MONITORING);
        }
        JsonNode vpa = RealCluster.step(plan, "VerticalPodAutoscaler", "cachebox-operator");
        assertThat(vpa.path("message").asText()).as("listed by the bundle itself: no origin")
                .isEqualTo("API autoscaling.k8s.io/v1 VerticalPodAutoscaler is not served");
        assertThat(vpa.has("optionalBy")).isFalse();
        assertThat(cluster.client().configMaps().inNamespace(ns).withName("cachebox-defaults").get()).isNotNull();
        assertThat(cluster.get("operators.coreos.com/v1alpha1", "ClusterServiceVersion", "clusterserviceversions",
                "cachebox-operator.v0.3.1")).isNotNull();
    }

    @Test
    void aReviewedPlanMadeWithTheFlagInstallsAndTheExecutorNamesTheRule(
            @Served(RealApiServer.Flavour.OLM) RealApiServer server, @TempDir Path dir) throws IOException {
        RealCluster cluster = RealCluster.in(server, "optapi-plan");
        String ns = cluster.namespace();
        Path bundle = SampleCopies.unmarked(dir.resolve("bundle"), true);
        CliRun plan = CliRun.of("plan", bundle.toString(), "-n", ns, "-o", "yaml", "--optional-api", MONITORING);
        assertThat(plan.exitCode()).as(plan.toString()).isZero();
        Path planFile = dir.resolve("plan.yaml");
        Files.writeString(planFile, plan.out());

        CliRun install = cluster.run("install", "--plan-file", planFile.toString());

        assertThat(install.exitCode()).as(install.toString()).isZero();
        assertThat(install.out()).contains("Phase Complete");
        // Replanned without a surface, the step is sent to discovery, which finds no such API on the server:
        // in the preflight's dry run, so the install itself never sends it.
        assertThat(install.out()).containsPattern("ServiceMonitor\\s+cachebox-operator-metrics\\s+" + ns
                + "\\s+yes\\s+NotCreated\\s+in preflight: api-server resource not found installing ServiceMonitor "
                + "cachebox-operator-metrics: GroupVersionKind monitoring.coreos.com/v1, Kind=ServiceMonitor not found "
                + "on the cluster \\(optional by --optional-api monitoring.coreos.com\\)");
        assertThat(cluster.client().configMaps().inNamespace(ns).withName("cachebox-defaults").get()).isNotNull();
    }
}
