package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.executor.testing.OlmShapedInstall;
import dev.bundlectl.executor.testing.RealOlm;
import dev.bundlectl.executor.testing.RealOlmExtension;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bundlectl release} hands an adopted install back (docs/semantics.md §11): to OLM, with a
 * Subscription whose {@code startingCSV} is the installed CSV, the namespaced objects owned by the
 * CSV again; or to nobody. Either way no install record is left, no object carries bundlectl's
 * mark, and the operator runs on untouched.
 */
@ExtendWith(RealOlmExtension.class)
class RealServerReleaseTest {

    private final List<RealCluster> clusters = new ArrayList<>();

    @AfterEach
    void deleteWhatTheTestLeft() {
        clusters.forEach(OlmObjects::deleteCsvsAndGroups);
    }

    @Test
    void releaseToOlmLeavesASubscriptionStartingAtTheInstalledCsvAndNoRecord(RealOlm olm, @TempDir Path dir)
            throws Exception {
        RealCluster cluster = cluster(olm, "release-olm");
        String ns = cluster.namespace();
        Path bundle = SampleCopies.renamed("samples/bundles/cachebox-operator", dir.resolve("bundle"), "relolm");
        OlmShapedInstall.Installed installed = OlmShapedInstall.of(olm, ns, bundle).install();
        CliRun adopted = cluster.run("adopt", "--package", installed.packageName(), "-n", ns, "--bundle",
                bundle.toString());
        assertThat(adopted.exitCode()).as(adopted.toString()).isZero();
        GenericKubernetesResource csvBefore = OlmObjects.csv(cluster, installed.csv());
        Deployment deploymentBefore = cluster.client().apps().deployments().inNamespace(ns).withName("relolm-operator")
                .get();
        catalogSource(cluster, "relolm-catalog");

        CliRun missingSource = cluster.run("release", "--package", installed.packageName(), "-n", ns, "--to-olm",
                "--catalog-source", "no-such-catalog");
        assertThat(missingSource.exitCode()).as(missingSource.toString()).isEqualTo(ExitCode.INVALID_INPUT);
        assertThat(missingSource.err()).contains("CatalogSource olm/no-such-catalog does not exist");

        CliRun released = cluster.run("release", "--package", installed.packageName(), "-n", ns, "--to-olm",
                "--catalog-source", "relolm-catalog", "--channel", "stable");

        assertThat(released.exitCode()).as(released.toString()).isZero();
        assertThat(released.out()).contains("created Subscription " + ns + "/relolm-operator: OLM manages relolm-operator again");
        GenericKubernetesResource subscription = cluster.client().genericKubernetesResources(
                OlmShapedInstall.SUBSCRIPTIONS).inNamespace(ns).withName(installed.packageName()).get();
        assertThat(subscription).isNotNull();
        @SuppressWarnings("unchecked")
        Map<String, Object> spec = (Map<String, Object>) subscription.getAdditionalProperties().get("spec");
        assertThat(spec).containsEntry("startingCSV", installed.csv()).containsEntry("name", installed.packageName())
                .containsEntry("channel", "stable").containsEntry("source", "relolm-catalog")
                .containsEntry("sourceNamespace", RealOlm.NAMESPACE);
        assertThat(OlmObjects.secretNames(cluster)).as("no install record").doesNotContain("bundlectl");
        assertThat(cluster.client().leases().inNamespace(ns).list().getItems()).as("no lock").isEmpty();
        HasMetadata account = cluster.client().serviceAccounts().inNamespace(ns).withName("relolm-operator").get();
        assertThat(OwnerAnnotations.ownedBy(account.getMetadata().getAnnotations(), ns, installed.packageName()))
                .as("no longer listed").isFalse();
        assertThat(account.getMetadata().getOwnerReferences()).as("owned by the CSV again, as OLM left it")
                .singleElement().satisfies(owner -> {
                    assertThat(owner.getUid()).isEqualTo(csvBefore.getMetadata().getUid());
                    assertThat(owner.getBlockOwnerDeletion()).isFalse();
                });
        assertThat(cluster.client().configMaps().inNamespace(ns).withName("relolm-defaults").get().getMetadata()
                .getOwnerReferences()).hasSize(1);
        GenericKubernetesResource csvAfter = OlmObjects.csv(cluster, installed.csv());
        assertThat(csvAfter.getMetadata().getUid()).isEqualTo(csvBefore.getMetadata().getUid());
        assertThat(OlmObjects.phaseOf(csvAfter)).isEqualTo("Succeeded");
        assertThat(cluster.client().apps().deployments().inNamespace(ns).withName("relolm-operator").get().getSpec()
                .getTemplate()).isEqualTo(deploymentBefore.getSpec().getTemplate());
    }

    @Test
    void releaseToNobodyRemovesTheMarksAndTheRecordsAndLeavesEveryObject(RealOlm olm, @TempDir Path dir)
            throws Exception {
        RealCluster cluster = cluster(olm, "release");
        String ns = cluster.namespace();
        Path bundle = SampleCopies.renamed("samples/bundles/cachebox-operator", dir.resolve("bundle"), "relnone");
        OlmShapedInstall.Installed installed = OlmShapedInstall.of(olm, ns, bundle).install();
        assertThat(cluster.run("adopt", "--package", installed.packageName(), "-n", ns, "--bundle", bundle.toString())
                .exitCode()).isZero();

        CliRun released = cluster.run("release", "--package", installed.packageName(), "-n", ns);

        assertThat(released.exitCode()).as(released.toString()).isZero();
        assertThat(released.out()).contains("Released ConfigMap/" + ns + "/relnone-defaults: mark removed")
                .contains("every object is left running");
        List<HasMetadata> left = List.of(
                cluster.client().apiextensions().v1().customResourceDefinitions().withName("caches.relnone.bundlectl.dev")
                        .get(),
                cluster.client().configMaps().inNamespace(ns).withName("relnone-defaults").get(),
                cluster.client().serviceAccounts().inNamespace(ns).withName("relnone-operator").get(),
                cluster.client().rbac().clusterRoles().withName("relnone-metrics-reader").get());
        for (HasMetadata object : left) {
            assertThat(object).as("left running").isNotNull();
            assertThat(OwnerAnnotations.anyOwner(object.getMetadata().getAnnotations() == null ? Map.of()
                    : object.getMetadata().getAnnotations())).as(object.getMetadata().getName()).isFalse();
        }
        assertThat(OlmObjects.phaseOf(OlmObjects.csv(cluster, installed.csv()))).isEqualTo("Succeeded");
        CliRun again = cluster.run("release", "--package", installed.packageName(), "-n", ns);
        assertThat(again.exitCode()).isEqualTo(ExitCode.INVALID_INPUT);
        assertThat(again.err()).contains("no install of package relnone-operator in namespace " + ns + " to release");
    }

    /** A CatalogSource for the Subscription to name; nothing serves it here (no catalog pods). */
    private static void catalogSource(RealCluster cluster, String name) {
        cluster.server().create("""
                apiVersion: operators.coreos.com/v1alpha1
                kind: CatalogSource
                metadata: {name: %s, namespace: %s}
                spec: {sourceType: grpc, image: quay.io/bundlectl-samples/relolm-catalog:latest}
                """.formatted(name, RealOlm.NAMESPACE));
    }

    private RealCluster cluster(RealOlm olm, String prefix) {
        RealCluster cluster = RealCluster.in(olm.server(), prefix);
        clusters.add(cluster);
        return cluster;
    }
}
