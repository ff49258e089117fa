package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.executor.testing.RealApiServer;
import dev.bundlectl.executor.testing.RealApiServerExtension;
import dev.bundlectl.executor.testing.RealApiServerExtension.Served;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The preflight on a real API server: before the first write, every step the server can judge is
 * sent as a server-side dry run, and a refusal writes nothing. Each bundle here plans installable
 * offline, because what the server refuses is beyond the offline checks: a CRD whose CEL rules
 * exceed 1.26's cost budget, a CSV label the server refuses, a Service port out of range.
 */
@ExtendWith(RealApiServerExtension.class)
class RealServerPreflightTest {

    private static final ResourceDefinitionContext CSVS = new ResourceDefinitionContext.Builder()
            .withGroup("operators.coreos.com").withVersion("v1alpha1").withKind("ClusterServiceVersion")
            .withPlural("clusterserviceversions").withNamespaced(true).build();
    private static final String CSV_FILE = "manifests/cachebox-operator.clusterserviceversion.yaml";

    /** An unbounded list checked three levels deep: far past the budget, whatever the server's estimate. */
    private static final String COSTLY_CRD = """
            apiVersion: apiextensions.k8s.io/v1
            kind: CustomResourceDefinition
            metadata: {name: costlies.preflight.bundlectl.dev}
            spec:
              group: preflight.bundlectl.dev
              names: {kind: Costly, plural: costlies, singular: costly, listKind: CostlyList}
              scope: Namespaced
              versions:
              - name: v1
                served: true
                storage: true
                schema:
                  openAPIV3Schema:
                    type: object
                    properties:
                      spec:
                        type: object
                        properties:
                          names:
                            type: array
                            items: {type: string}
                        x-kubernetes-validations:
                        - rule: "self.names.all(x, self.names.all(y, self.names.all(z, x + y + z != '')))"
            """;

    @Test
    void aCrdTheServerRefusesWritesNothing(@Served(RealApiServer.Flavour.OLM) RealApiServer server,
            @TempDir Path dir) throws IOException {
        RealCluster cluster = RealCluster.in(server, "pre-crd");
        Path bundle = SampleCopies.plain(dir.resolve("bundle"));
        Files.writeString(bundle.resolve("manifests/costlies.yaml"), COSTLY_CRD);

        CliRun plan = cluster.run("plan", bundle.toString(), "-n", cluster.namespace());
        assertThat(plan.exitCode()).as("offline checks cannot see CEL cost: " + plan).isZero();
        CliRun install = cluster.run("install", bundle.toString(), "-n", cluster.namespace());

        assertThat(install.exitCode()).as(install.toString()).isEqualTo(3);
        assertThat(install.err()).contains("refused the plan in preflight").contains("nothing was written")
                .contains("CustomResourceDefinition/costlies.preflight.bundlectl.dev").contains("budget");
        assertThat(install.out()).containsPattern("CustomResourceDefinition\\s+costlies.preflight.bundlectl.dev\\s+-\\s+no"
                + "\\s+Failed\\s+refused in preflight:");
        assertNothingWritten(cluster);
        assertThat(server.client().apiextensions().v1().customResourceDefinitions()
                .withName("costlies.preflight.bundlectl.dev").get()).isNull();
    }

    @Test
    void aCsvTheServerRefusesWritesNothing(@Served(RealApiServer.Flavour.OLM) RealApiServer server,
            @TempDir Path dir) throws IOException {
        RealCluster cluster = RealCluster.in(server, "pre-csv");
        Path bundle = SampleCopies.plain(dir.resolve("bundle"));
        // A finalizer name is checked by the server alone (labels are checked offline, before a preflight).
        edit(bundle.resolve(CSV_FILE), "metadata:\n", "metadata:\n  finalizers: [\"not a valid finalizer!\"]\n");

        CliRun install = cluster.run("install", bundle.toString(), "-n", cluster.namespace());

        assertThat(install.exitCode()).as(install.toString()).isEqualTo(3);
        assertThat(install.err()).contains("refused the plan in preflight")
                .contains("ClusterServiceVersion/" + cluster.namespace() + "/cachebox-operator.v0.3.1")
                .contains("metadata.finalizers");
        assertNothingWritten(cluster);
    }

    @Test
    void aBuiltInObjectWithAFieldOnlyTheServerChecksWritesNothing(
            @Served(RealApiServer.Flavour.OLM) RealApiServer server, @TempDir Path dir) throws IOException {
        RealCluster cluster = RealCluster.in(server, "pre-svc");
        Path bundle = SampleCopies.plain(dir.resolve("bundle"));
        Path service = bundle.resolve("manifests/cachebox-operator-metrics_v1_service.yaml");
        String text = Files.readString(service);
        assertThat(text).containsPattern("port: \\d+");
        Files.writeString(service, text.replaceFirst("port: \\d+", "port: 70000"));

        CliRun install = cluster.run("install", bundle.toString(), "-n", cluster.namespace());

        assertThat(install.exitCode()).as(install.toString()).isEqualTo(3);
        assertThat(install.err()).contains("refused the plan in preflight").contains("spec.ports[0].port");
        assertNothingWritten(cluster);
    }

    @Test
    void anOptionalStepTheServerRefusesIsNotCreatedAndTheInstallCompletes(
            @Served(RealApiServer.Flavour.OLM) RealApiServer server, @TempDir Path dir) throws IOException {
        RealCluster cluster = RealCluster.in(server, "pre-opt");
        Path bundle = SampleCopies.plain(dir.resolve("bundle"));
        Files.writeString(bundle.resolve("manifests/cachebox-pdb.yaml"), """
                apiVersion: policy/v1
                kind: PodDisruptionBudget
                metadata: {name: cachebox-pdb}
                spec:
                  minAvailable: 1
                  maxUnavailable: 1
                  selector: {matchLabels: {app: cachebox}}
                """);
        edit(bundle.resolve("metadata/properties.yaml"), "      manifests:\n", """
                      manifests:
                        - group: policy
                          kind: PodDisruptionBudget
                          name: cachebox-pdb
                """);

        CliRun install = cluster.run("install", bundle.toString(), "-n", cluster.namespace(), "-o", "json");

        assertThat(install.exitCode()).as(install.toString()).isZero();
        JsonNode plan = RealCluster.json(install);
        JsonNode pdb = RealCluster.step(plan, "PodDisruptionBudget", "cachebox-pdb");
        assertThat(pdb.path("status").asText()).isEqualTo("NotCreated");
        assertThat(pdb.path("message").asText()).startsWith("in preflight:").contains("minAvailable");
        assertThat(RealCluster.step(plan, "ConfigMap", "cachebox-defaults").path("status").asText()).isEqualTo("Created");
        assertThat(plan.path("status").path("conditions").toString()).contains("\"type\":\"Preflight\"")
                .contains("ServerAccepted");
        assertThat(cluster.client().policy().v1().podDisruptionBudget().inNamespace(cluster.namespace())
                .withName("cachebox-pdb").get()).isNull();
    }

    @Test
    void noPreflightSkipsItAndTheRecordSaysSo(@Served(RealApiServer.Flavour.OLM) RealApiServer server) {
        RealCluster cluster = RealCluster.in(server, "pre-skip");

        CliRun install = cluster.run("install", RealCluster.sample(), "-n", cluster.namespace(), "--no-preflight",
                "-o", "json");

        assertThat(install.exitCode()).as(install.toString()).isZero();
        assertThat(RealCluster.json(install).path("status").path("conditions").toString())
                .contains("\"type\":\"Preflight\"").contains("\"reason\":\"Skipped\"");
    }

    private static void assertNothingWritten(RealCluster cluster) {
        String ns = cluster.namespace();
        assertThat(cluster.client().genericKubernetesResources(CSVS).inNamespace(ns).list().getItems()).isEmpty();
        assertThat(cluster.client().configMaps().inNamespace(ns).withName("cachebox-defaults").get()).isNull();
        assertThat(cluster.client().serviceAccounts().inNamespace(ns).withName("cachebox-operator").get()).isNull();
        assertThat(cluster.client().secrets().inNamespace(ns).list().getItems()).as("no Secret, no install record")
                .isEmpty();
        assertThat(cluster.client().rbac().roles().inNamespace(ns).list().getItems()).isEmpty();
    }

    private static void edit(Path file, String from, String to) throws IOException {
        String text = Files.readString(file);
        assertThat(text).contains(from);
        Files.writeString(file, text.replaceFirst(java.util.regex.Pattern.quote(from),
                java.util.regex.Matcher.quoteReplacement(to)));
    }
}
