package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.executor.testing.KubeletStandIn;
import dev.bundlectl.executor.testing.RealOlm;
import dev.bundlectl.executor.testing.RealOlmExtension;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * OLM's rules across namespaces, predicted before anything is written and judged by the real
 * olm-operator (docs/semantics.md §6): the sample installed for all namespaces in one namespace,
 * then asked for in another. The one simulated part is {@link KubeletStandIn}, which marks the
 * Deployments OLM creates as rolled out (no Pods run here).
 */
@ExtendWith(RealOlmExtension.class)
class RealServerOlmAcrossNamespacesTest {

    private static final String CSV = "cachebox-operator.v0.3.1";
    private static final Duration OLM_PATIENCE = Duration.ofSeconds(90);
    private static final ResourceDefinitionContext CSVS = OlmInstallOutcomes.CSVS;
    private static final ResourceDefinitionContext OPERATOR_GROUPS = new ResourceDefinitionContext.Builder()
            .withGroup("operators.coreos.com").withVersion("v1").withKind("OperatorGroup").withPlural("operatorgroups")
            .withNamespaced(true).build();

    private final List<RealCluster> clusters = new ArrayList<>();
    private RealOlm olm;

    /**
     * An operator left running for all namespaces would have OLM copy its CSV into every namespace,
     * the next tests' included: the CSVs go, and their copies with them, pass or fail.
     */
    @AfterEach
    void deleteTheOperatorsAndTheirCopies() {
        for (RealCluster cluster : clusters) {
            cluster.client().genericKubernetesResources(CSVS).inNamespace(cluster.namespace()).delete();
        }
        for (RealCluster cluster : clusters) {
            cluster.client().genericKubernetesResources(CSVS).inAnyNamespace()
                    .withLabel("olm.copiedFrom", cluster.namespace()).delete();
        }
    }

    @Test
    void theSameOperatorForOwnNamespaceBesideOneForAllNamespacesIsRefusedBeforeWritingNamingTheConflict(RealOlm realOlm) {
        RealCluster everywhere = runningForAllNamespaces(realOlm, "olm-all");
        RealCluster own = cluster("olm-own");

        CliRun install = own.run("install", RealCluster.sample(), "-n", own.namespace(), "--install-mode",
                "OwnNamespace");

        assertThat(install.exitCode()).as(install.toString()).isEqualTo(ExitCode.PLAN_FAILED);
        assertThat(install.err()).contains("nothing was applied").contains("InterOperatorGroupOwnerConflict")
                .contains("OperatorGroup " + everywhere.namespace() + " in namespace " + everywhere.namespace())
                .contains("Cache.v1alpha1.cache.bundlectl.dev");
        assertNothingWritten(own);

        // The prediction is OLM's: the same CSV under an OwnNamespace group, made by hand, fails so.
        RealCluster byHand = cluster("olm-hand");
        olm.server().create("""
                apiVersion: operators.coreos.com/v1
                kind: OperatorGroup
                metadata: {name: own, namespace: %s}
                spec: {targetNamespaces: [%s]}
                """.formatted(byHand.namespace(), byHand.namespace()));
        // Named apart from OLM's copy of the running CSV, which the namespace gets too.
        olm.server().create(csvIn(byHand.namespace(), CSV + "-by-hand"));
        Map<String, Object> status = olm.awaitCsvPhase(byHand.namespace(), CSV + "-by-hand", "Failed", OLM_PATIENCE);
        assertThat(status.get("reason")).isEqualTo("InterOperatorGroupOwnerConflict");
    }

    @Test
    void theSameOperatorServingTheNamespaceFromAnotherIsSaidNothingIsWrittenAndStatusShowsWhereItRuns(RealOlm realOlm) {
        RealCluster everywhere = runningForAllNamespaces(realOlm, "olm-all");
        RealCluster served = cluster("olm-served");
        awaitCopy(served, everywhere);

        CliRun install = served.run("install", RealCluster.sample(), "-n", served.namespace());

        assertThat(install.exitCode()).as(install.toString()).isZero();
        assertThat(install.err()).contains("nothing written: " + CSV + " already runs in namespace "
                + everywhere.namespace() + " (OperatorGroup " + everywhere.namespace() + ", serving all namespaces)"
                + " and serves " + served.namespace() + " (OLM: Succeeded)");
        assertThat(served.client().secrets().inNamespace(served.namespace()).list().getItems()).as("no record").isEmpty();
        assertThat(served.client().genericKubernetesResources(OPERATOR_GROUPS).inNamespace(served.namespace()).list()
                .getItems()).as("no OperatorGroup").isEmpty();
        assertNothingWritten(served);

        CliRun status = served.run("status", "-n", served.namespace());
        assertThat(status.exitCode()).as(status.toString()).isZero();
        assertThat(status.out()).contains("Operators serving namespace " + served.namespace() + " from another")
                .containsPattern(CSV + "\\s+cachebox-operator\\s+" + everywhere.namespace() + "\\s+"
                        + everywhere.namespace() + "\\s+Succeeded");
    }

    @Test
    void anotherVersionOfTheOperatorServingTheNamespaceIsAnUpgradeThereNotASecondInstall(RealOlm realOlm,
            @TempDir Path dir) throws IOException {
        RealCluster everywhere = runningForAllNamespaces(realOlm, "olm-all");
        RealCluster served = cluster("olm-next");
        awaitCopy(served, everywhere);
        Path next = SampleCopies.plain(dir.resolve("next"));
        Path csvFile = next.resolve("manifests/cachebox-operator.clusterserviceversion.yaml");
        Files.writeString(csvFile, Files.readString(csvFile).replace("name: cachebox-operator.v0.3.1",
                "name: cachebox-operator.v0.3.2").replace("version: 0.3.1", "version: 0.3.2"));

        CliRun install = served.run("install", next.toString(), "-n", served.namespace());

        assertThat(install.exitCode()).as(install.toString()).isEqualTo(ExitCode.PLAN_FAILED);
        assertThat(install.err()).contains("nothing was applied").contains(CSV + " of package cachebox-operator runs "
                + "in namespace " + everywhere.namespace()).contains("cachebox-operator.v0.3.2 is another version of "
                + "the same operator: that is an upgrade in " + everywhere.namespace());
        assertNothingWritten(served);
    }

    /** The sample installed with --wait in a fresh namespace, for all namespaces, with OLM reporting it Succeeded. */
    private RealCluster runningForAllNamespaces(RealOlm realOlm, String prefix) {
        olm = realOlm;
        RealCluster cluster = cluster(prefix);
        CliRun install;
        try (KubeletStandIn.Background kubelet = KubeletStandIn.of(olm.server()).start(cluster.namespace(), CSV)) {
            install = cluster.run("install", RealCluster.sample(), "-n", cluster.namespace(), "--wait",
                    "--wait-timeout", "120s");
        }
        assertThat(install.exitCode()).as(install + "\n" + olm.logTail(30)).isZero();
        awaitProvidedApis(cluster);
        return cluster;
    }

    private RealCluster cluster(String prefix) {
        RealCluster cluster = RealCluster.in(olm.server(), prefix);
        clusters.add(cluster);
        return cluster;
    }

    /** OLM writes the group's {@code olm.providedAPIs} once it takes the CSV in. */
    private void awaitProvidedApis(RealCluster cluster) {
        await("olm.providedAPIs on " + cluster.namespace() + "'s OperatorGroup", () -> {
            GenericKubernetesResource group = cluster.client().genericKubernetesResources(OPERATOR_GROUPS)
                    .inNamespace(cluster.namespace()).withName(cluster.namespace()).get();
            return group != null && group.getMetadata().getAnnotations() != null
                    && group.getMetadata().getAnnotations().getOrDefault("olm.providedAPIs", "").contains("Cache.");
        });
    }

    /** OLM copies the running CSV into every namespace its group serves, new ones included. */
    private void awaitCopy(RealCluster into, RealCluster from) {
        await("OLM's copy of " + CSV + " in " + into.namespace(), () -> {
            GenericKubernetesResource copy = into.client().genericKubernetesResources(CSVS).inNamespace(into.namespace())
                    .withName(CSV).get();
            return copy != null && from.namespace().equals(copy.getMetadata().getLabels().get("olm.copiedFrom"));
        });
    }

    private void await(String what, java.util.function.BooleanSupplier condition) {
        long deadline = System.nanoTime() + OLM_PATIENCE.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("no " + what + " after " + OLM_PATIENCE.toSeconds() + " s\n" + olm.logTail(30));
            }
            try {
                Thread.sleep(250);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted", e);
            }
        }
    }

    private static String csvIn(String namespace, String name) {
        try {
            String yaml = Files.readString(Path.of(RealCluster.sample(), "manifests/cachebox-operator.clusterserviceversion.yaml"));
            return yaml.replace("name: " + CSV, "name: " + name + "\n  namespace: " + namespace);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** Nothing of the bundle written into the namespace: no ServiceAccount, ConfigMap or record. */
    private static void assertNothingWritten(RealCluster cluster) {
        String ns = cluster.namespace();
        assertThat(cluster.client().serviceAccounts().inNamespace(ns).withName("cachebox-operator").get()).isNull();
        assertThat(cluster.client().configMaps().inNamespace(ns).withName("cachebox-defaults").get()).isNull();
        assertThat(cluster.client().secrets().inNamespace(ns).list().getItems()).as("no install record").isEmpty();
        assertThat(cluster.client().genericKubernetesResources(CSVS).inNamespace(ns).list().getItems())
                .as("no CSV but OLM's copies").allMatch(csv -> csv.getMetadata().getLabels() != null
                        && csv.getMetadata().getLabels().containsKey("olm.copiedFrom"));
    }
}
