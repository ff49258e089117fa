package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.executor.records.InstallRecord;
import dev.bundlectl.executor.records.InstallRecordStore;
import dev.bundlectl.executor.testing.Await;
import dev.bundlectl.executor.testing.KubeletStandIn;
import dev.bundlectl.executor.testing.OlmShapedInstall;
import dev.bundlectl.executor.testing.RealOlm;
import dev.bundlectl.executor.testing.RealOlmExtension;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bundlectl adopt} on what OLM v0 installed (docs/semantics.md §11), judged by the real
 * olm-operator: the Subscription, InstallPlan, CSV and objects OLM's catalog operator would leave
 * are set up by {@link OlmShapedInstall} (the catalog operator needs catalog pods, which this
 * cluster cannot run), the real olm-operator runs the CSV to {@code Succeeded}, and
 * {@link KubeletStandIn} (the one simulated part) marks its Deployment rolled out. Each test
 * installs a renamed copy of the sample, so that no other test shares its CRDs or cluster roles.
 */
@ExtendWith(RealOlmExtension.class)
class RealServerAdoptTest {

    private final List<RealCluster> clusters = new ArrayList<>();

    /** A CSV left Installing keeps olm-operator busy, and a group left says it provides the APIs: both go. */
    @AfterEach
    void deleteWhatTheTestLeft() {
        clusters.forEach(OlmObjects::deleteCsvsAndGroups);
    }

    @Test
    void adoptTakesOverWhatOlmInstalledWithoutARestartAndAnInstallOfTheNextVersionUpgradesItUnderOlm(RealOlm olm,
            @TempDir Path dir) throws Exception {
        RealCluster cluster = cluster(olm, "adopt");
        String ns = cluster.namespace();
        Path v031 = SampleCopies.renamed("samples/bundles/cachebox-operator", dir.resolve("v031"), "adoptone");
        OlmShapedInstall.Installed installed = OlmShapedInstall.of(olm, ns, v031).install();
        GenericKubernetesResource csvBefore = OlmObjects.csv(cluster, installed.csv());
        Deployment deploymentBefore = deployment(cluster);

        CliRun adopted = cluster.run("adopt", "--package", installed.packageName(), "-n", ns, "--bundle",
                v031.toString());

        assertThat(adopted.exitCode()).as(adopted + "\n" + olm.logTail(30)).isZero();
        assertThat(adopted.out()).contains("OLM: Subscription " + ns + "/" + installed.subscription())
                .contains("the bundle matches what runs")
                .contains("Removed Subscription " + ns + "/" + installed.subscription())
                .contains("Removed InstallPlan " + ns + "/" + installed.installPlan());
        // The record lists every object OLM's InstallPlan wrote, and notes the adoption in its history.
        InstallRecord record = record(cluster, installed.packageName());
        for (OlmShapedInstall.Written written : installed.objects()) {
            assertThat(record.createdObjects()).as(written + " in the record")
                    .anyMatch(owned -> owned.object().kind().equals(written.kind())
                            && owned.object().name().equals(written.name()));
        }
        assertThat(record.versionHistory()).singleElement().satisfies(entry -> {
            assertThat(entry.csvName()).isEqualTo(installed.csv());
            assertThat(entry.adoptedFrom()).isEqualTo("Subscription " + ns + "/" + installed.subscription());
        });
        assertThat(cluster.client().genericKubernetesResources(OlmShapedInstall.SUBSCRIPTIONS).inNamespace(ns).list()
                .getItems()).as("the Subscription").isEmpty();
        assertThat(cluster.client().genericKubernetesResources(OlmShapedInstall.INSTALL_PLANS).inNamespace(ns).list()
                .getItems()).as("the InstallPlans").isEmpty();
        // The CSV was not touched, and OLM keeps running it; the Deployment did not roll out again.
        TimeUnit.SECONDS.sleep(3);
        GenericKubernetesResource csvAfter = OlmObjects.csv(cluster, installed.csv());
        assertThat(csvAfter.getMetadata().getUid()).isEqualTo(csvBefore.getMetadata().getUid());
        assertThat(csvAfter.getAdditionalProperties().get("spec")).isEqualTo(csvBefore.getAdditionalProperties().get("spec"));
        assertThat(csvAfter.getMetadata().getResourceVersion()).isEqualTo(csvBefore.getMetadata().getResourceVersion());
        assertThat(OlmObjects.phaseOf(csvAfter)).isEqualTo("Succeeded");
        Deployment deploymentAfter = deployment(cluster);
        assertThat(deploymentAfter.getMetadata().getUid()).isEqualTo(deploymentBefore.getMetadata().getUid());
        assertThat(deploymentAfter.getMetadata().getGeneration()).isEqualTo(deploymentBefore.getMetadata().getGeneration());
        assertThat(deploymentAfter.getSpec().getTemplate()).isEqualTo(deploymentBefore.getSpec().getTemplate());
        // What was OLM's is bundlectl's: marked, and no longer owned by the CSV.
        HasMetadata serviceAccount = cluster.client().serviceAccounts().inNamespace(ns).withName("adoptone-operator").get();
        assertThat(OwnerAnnotations.ownedBy(serviceAccount.getMetadata().getAnnotations(), ns,
                installed.packageName())).as("listed as its owner").isTrue();
        assertThat(serviceAccount.getMetadata().getOwnerReferences()).as("OLM's link to the CSV").isEmpty();
        assertThat(cluster.client().configMaps().inNamespace(ns).withName("adoptone-defaults").get().getMetadata()
                .getOwnerReferences()).isEmpty();

        // bundlectl upgrades it now, under OLM: the next version's CSV replaces the adopted one.
        Path v040 = SampleCopies.renamed("samples/bundles/cachebox-operator-v0.4.0", dir.resolve("v040"), "adoptone");
        // A field OLM's catalog operator wrote changes: its apply must not conflict with it.
        Path editor = v040.resolve("manifests/adoptone-editor_rbac.authorization.k8s.io_v1_role.yaml");
        Files.writeString(editor, Files.readString(editor).replace("\"patch\", \"delete\"]", "\"patch\"]"));
        CliRun upgraded;
        try (KubeletStandIn.Background kubelet = KubeletStandIn.of(olm.server()).start(ns, "adoptone-operator.v0.4.0")) {
            upgraded = cluster.run("install", v040.toString(), "-n", ns, "--wait", "--wait-timeout", "120s");
        }
        assertThat(upgraded.exitCode()).as(upgraded + "\n" + olm.logTail(40)).isZero();
        assertThat(OlmObjects.phaseOf(OlmObjects.csv(cluster, "adoptone-operator.v0.4.0"))).isEqualTo("Succeeded");
        assertThat(OlmObjects.csv(cluster, installed.csv())).as("replaced and removed by OLM").isNull();
        assertThat(cluster.client().configMaps().inNamespace(ns).withName("adoptone-defaults").get())
                .as("what only the adopted version had").isNull();
        assertThat(cluster.client().rbac().roles().inNamespace(ns).withName("adoptone-editor").get().getRules().get(0)
                .getVerbs()).doesNotContain("delete");
    }

    @Test
    void statusListsWhatOlmManagesAndADryRunShowsThePlanAndTheDiffAndWritesNothing(RealOlm olm, @TempDir Path dir)
            throws Exception {
        RealCluster cluster = cluster(olm, "adopt-dry");
        String ns = cluster.namespace();
        Path bundle = SampleCopies.renamed("samples/bundles/cachebox-operator", dir.resolve("bundle"), "adoptdry");
        OlmShapedInstall.Installed installed = OlmShapedInstall.of(olm, ns, bundle).install();

        CliRun status = cluster.run("status", "-A");
        assertThat(status.exitCode()).as(status.toString()).isZero();
        assertThat(status.out()).contains("Operators managed by OLM")
                .containsPattern(ns + "\\s+adoptdry-operator\\s+adoptdry-operator.v0.3.1\\s+Succeeded\\s+managed by OLM: "
                        + "Subscription adoptdry-operator \\(channel stable, CatalogSource olm/adopt-catalog\\)");
        Map<String, String> before = ResourceVersions.of(cluster, installed);

        CliRun dryRun = cluster.run("adopt", "--package", installed.packageName(), "-n", ns, "--bundle",
                bundle.toString(), "--dry-run");

        assertThat(dryRun.exitCode()).as(dryRun.toString()).isZero();
        assertThat(dryRun.out()).containsPattern("ClusterServiceVersion\\s+adoptdry-operator.v0.3.1")
                // The owner list is written after the apply, so the diff shows only what OLM's objects lack.
                .contains("taken over from OLM: 13 objects")
                .contains("diff: ").contains("the bundle matches what runs")
                .contains("dry run: nothing was written");
        assertThat(ResourceVersions.of(cluster, installed)).as("every object's resourceVersion").isEqualTo(before);
    }

    private RealCluster cluster(RealOlm olm, String prefix) {
        RealCluster cluster = RealCluster.in(olm.server(), prefix);
        clusters.add(cluster);
        return cluster;
    }

    private static Deployment deployment(RealCluster cluster) {
        List<Deployment> deployments = cluster.client().apps().deployments().inNamespace(cluster.namespace()).list()
                .getItems();
        assertThat(deployments).hasSize(1);
        return deployments.get(0);
    }

    private static InstallRecord record(RealCluster cluster, String packageName) {
        return Await.result(new InstallRecordStore(cluster.server().connect().retryingApi())
                .latestFor(cluster.namespace(), packageName)).orElseThrow();
    }
}
