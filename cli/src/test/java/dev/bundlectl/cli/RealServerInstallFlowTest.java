package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.executor.testing.RealApiServer;
import dev.bundlectl.executor.testing.RealApiServerExtension;
import dev.bundlectl.executor.testing.RealApiServerExtension.Served;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import java.util.Base64;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The life of an install through the CLI on a real kube-apiserver with OLM's CRDs (and neither
 * Prometheus nor the VPA): install, re-install, status, uninstall. The server validates every
 * object, so a Complete install here means the objects are accepted as they are.
 */
@ExtendWith(RealApiServerExtension.class)
@Tag(RealApiServer.SMOKE_ON_OLDEST)
class RealServerInstallFlowTest {

    private static final String V1 = "v1";

    @Test
    void installsTheSampleReinstallsItShowsItsStatusAndUninstallsIt(
            @Served(RealApiServer.Flavour.OLM) RealApiServer server) {
        RealCluster cluster = RealCluster.in(server, "flow");
        String ns = cluster.namespace();

        CliRun first = cluster.run("install", RealCluster.sample(), "-n", ns);

        assertThat(first.exitCode()).as(first.toString()).isZero();
        assertThat(first.out()).contains("Phase Complete");
        assertThat(first.out()).containsPattern("ClusterServiceVersion\\s+cachebox-operator.v0.3.1\\s+" + ns + "\\s+no\\s+Created");
        assertThat(first.out()).containsPattern("ConfigMap\\s+cachebox-defaults\\s+" + ns + "\\s+no\\s+Created");
        assertThat(first.out()).containsPattern("ServiceMonitor\\s+cachebox-operator-metrics\\s+" + ns
                + "\\s+yes\\s+NotCreated\\s+API monitoring.coreos.com/v1 ServiceMonitor is not served");
        assertThat(first.out()).containsPattern("VerticalPodAutoscaler\\s+cachebox-operator\\s+" + ns + "\\s+yes\\s+NotCreated");
        assertThat(first.out()).doesNotContain("CBX-SAMPLE-0000-0000-0000");
        GenericKubernetesResource csv = cluster.get("operators.coreos.com/v1alpha1", "ClusterServiceVersion",
                "clusterserviceversions", "cachebox-operator.v0.3.1");
        assertThat(csv).as("the CSV, accepted by OLM's CSV schema").isNotNull();
        assertThat(cluster.client().secrets().inNamespace(ns).withName("cachebox-license").get().getData())
                .as("the Secret holds the bundle's real value, not the redaction marker")
                .hasEntrySatisfying("license-key", value -> assertThat(new String(Base64.getDecoder().decode(value)))
                        .startsWith("CBX-SAMPLE-0000-0000-0000"));
        assertThat(cluster.getClusterScoped("apiextensions.k8s.io/v1", "CustomResourceDefinition",
                "customresourcedefinitions", "caches.cache.bundlectl.dev")).isNotNull();

        String csvVersion = csv.getMetadata().getResourceVersion();
        CliRun second = cluster.run("install", RealCluster.sample(), "-n", ns);

        assertThat(second.exitCode()).as(second.toString()).isZero();
        assertThat(second.out()).containsPattern("ConfigMap\\s+cachebox-defaults\\s+" + ns + "\\s+no\\s+Present");
        assertThat(second.out()).containsPattern("ClusterServiceVersion\\s+cachebox-operator.v0.3.1\\s+" + ns + "\\s+no\\s+Present");
        assertThat(second.out()).doesNotContainPattern("\\sCreated\\s");
        assertThat(cluster.get("operators.coreos.com/v1alpha1", "ClusterServiceVersion", "clusterserviceversions",
                "cachebox-operator.v0.3.1").getMetadata().getResourceVersion())
                .as("an existing CSV is left alone").isEqualTo(csvVersion);

        CliRun list = cluster.run("status", "-n", ns);
        assertThat(list.exitCode()).as(list.toString()).isZero();
        assertThat(list.out().lines().filter(line -> line.contains("cachebox-operator.v0.3.1")).count()).isEqualTo(2);

        String firstRecord = first.err().replaceAll("(?s).*install record: " + ns + "/(\\S+) .*", "$1");
        CliRun one = cluster.run("status", "-n", ns, firstRecord);
        assertThat(one.exitCode()).as(one.toString()).isZero();
        assertThat(one.out()).contains("Complete").contains("API monitoring.coreos.com/v1 ServiceMonitor");

        CliRun uninstall = cluster.run("uninstall", "--package", "cachebox-operator", "-n", ns);

        assertThat(uninstall.exitCode()).as(uninstall.toString()).isZero();
        assertThat(uninstall.out()).contains("Deleted ConfigMap/" + ns + "/cachebox-defaults")
                .contains("Deleted ClusterServiceVersion/" + ns + "/cachebox-operator.v0.3.1");
        assertThat(cluster.client().configMaps().inNamespace(ns).withName("cachebox-defaults").get()).isNull();
        assertThat(cluster.get("operators.coreos.com/v1alpha1", "ClusterServiceVersion", "clusterserviceversions",
                "cachebox-operator.v0.3.1")).isNull();
        assertThat(cluster.getClusterScoped("apiextensions.k8s.io/v1", "CustomResourceDefinition",
                "customresourcedefinitions", "caches.cache.bundlectl.dev")).as("CRDs are kept").isNotNull();
    }

    @Test
    void jsonlStreamsOneEventPerStepTransitionAndTheDocumentIsAnInstallPlan(
            @Served(RealApiServer.Flavour.OLM) RealApiServer server) {
        RealCluster cluster = RealCluster.in(server, "jsonl");

        CliRun run = cluster.run("install", RealCluster.sample(), "-n", cluster.namespace(), "-o", "jsonl");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(run.out().lines()).allSatisfy(line -> assertThat(CliCluster.read(line).isObject()).isTrue());
        assertThat(run.out().lines().map(CliCluster::read)
                .filter(event -> event.path("name").asText().equals("cachebox-defaults")
                        || event.toString().contains("cachebox-defaults"))
                .map(event -> event.path("status").asText()))
                .as("the ConfigMap's transitions").contains("Created");

        CliRun json = cluster.run("install", RealCluster.sample(), "-n", cluster.namespace(), "-o", "json");
        JsonNode plan = RealCluster.json(json);
        assertThat(plan.path("kind").asText()).isEqualTo("InstallPlan");
        assertThat(plan.path("status").path("phase").asText()).isEqualTo("Complete");
        assertThat(RealCluster.step(plan, "ConfigMap", "cachebox-defaults").path("status").asText()).isEqualTo("Present");
    }

    @Test
    void dryRunServerValidatesEverythingAndStoresNothing(@Served(RealApiServer.Flavour.OLM) RealApiServer server) {
        RealCluster cluster = RealCluster.in(server, "dryrun");
        String ns = cluster.namespace();

        CliRun run = cluster.run("install", RealCluster.sample(), "-n", ns, "--dry-run=server", "-o", "json");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        JsonNode plan = RealCluster.json(run);
        assertThat(RealCluster.step(plan, "ConfigMap", "cachebox-defaults").path("message").asText()).startsWith("dry run");
        assertThat(cluster.client().configMaps().inNamespace(ns).list().getItems())
                .extracting(map -> map.getMetadata().getName())
                .as("nothing stored but the namespace's own root CA map, if any")
                .doesNotContain("cachebox-defaults");
        assertThat(cluster.client().secrets().inNamespace(ns).list().getItems()).as("no Secret, no install record")
                .isEmpty();
    }

    @Test
    void planWithAKubeconfigReadsTheClusterAndWritesNothing(@Served(RealApiServer.Flavour.OLM) RealApiServer server) {
        RealCluster cluster = RealCluster.in(server, "plan");
        String ns = cluster.namespace();

        CliRun run = cluster.run("plan", RealCluster.sample(), "-n", ns, "-o", "json");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        JsonNode plan = RealCluster.json(run);
        assertThat(plan.path("status").path("phase").asText()).isEqualTo("RequiresApproval");
        assertThat(plan.path("metadata").path("annotations").path("bundlectl.dev/api-surface").asText())
                .startsWith("live cluster https://");
        assertThat(RealCluster.step(plan, "ServiceMonitor", "cachebox-operator-metrics").path("status").asText())
                .isEqualTo("NotCreated");
        assertThat(RealCluster.step(plan, "ClusterServiceVersion", "cachebox-operator.v0.3.1").path("status").asText())
                .as("OLM's CSV API is served: olm mode").isEqualTo("Unknown");
        assertThat(cluster.client().configMaps().inNamespace(ns).withName("cachebox-defaults").get()).isNull();
        assertThat(cluster.client().secrets().inNamespace(ns).list().getItems()).isEmpty();
    }

    @Test
    void aUserWithoutRightsIsToldEveryMissingPermissionAndNothingIsWritten(
            @Served(RealApiServer.Flavour.OLM) RealApiServer server, @org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) {
        RealCluster cluster = RealCluster.in(server, "forbidden");
        String ns = cluster.namespace();
        // alice may keep install records and read what a plan reads, but may not create CRDs or CSVs, nor the
        // OperatorGroup that OLM mode applies first.
        var alice = cluster.kubeconfigForRecordKeeper(dir, "alice");

        CliRun run = cluster.runWith(alice, "install", RealCluster.sample(), "-n", ns, "-o", "json");

        assertThat(run.exitCode()).as(run.toString()).isEqualTo(ExitCode.PLAN_FAILED);
        JsonNode plan = RealCluster.json(run);
        assertThat(plan.path("status").path("phase").asText()).isEqualTo("Failed");
        String operatorGroupMessage = RealCluster.step(plan, "OperatorGroup", ns).path("message").asText();
        assertThat(operatorGroupMessage).contains("forbidden").contains("User \"alice\" cannot ")
                .contains("\"operatorgroups\"");
        assertThat(RealCluster.step(plan, "ClusterServiceVersion", "cachebox-operator.v0.3.1").path("status").asText())
                .as("the CSV is not sent after a step before it failed").isEqualTo("Unknown");
        assertThat(cluster.client().configMaps().inNamespace(ns).withName("cachebox-defaults").get())
                .as("no step after the failed foundation ran").isNull();
        // The missing rights, all at once: those of the steps the dry run refused and of those it never reached.
        assertThat(run.err()).contains("error: alice may not install cachebox-operator in namespace " + ns + ": it lacks ")
                .contains("  patch operatorgroups.operators.coreos.com \"" + ns + "\" in namespace " + ns)
                .contains("  create clusterserviceversions.operators.coreos.com in namespace " + ns)
                .contains("  patch customresourcedefinitions.apiextensions.k8s.io \"caches.cache.bundlectl.dev\", "
                        + "cluster-wide");
    }
}
