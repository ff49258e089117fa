package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.executor.ownership.OwnershipDecision;
import dev.bundlectl.executor.records.InstallRecord;
import dev.bundlectl.executor.records.InstallRecordStore;
import dev.bundlectl.executor.testing.Await;
import dev.bundlectl.executor.testing.OlmShapedInstall;
import dev.bundlectl.executor.testing.RealOlm;
import dev.bundlectl.executor.testing.RealOlmExtension;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two Subscriptions share a CRD (docs/semantics.md §11): the same operator installed by OLM in two
 * namespaces, each InstallPlan writing the CRDs and the bundle's ClusterRole. Adopting one leaves the
 * other's CSV untouched and marks what they share as shared: bundlectl's mark on it, recorded
 * {@code shared-with-olm}, OLM's fields left to OLM, and never deleted, not even by an uninstall
 * with {@code --delete-crds}.
 */
@ExtendWith(RealOlmExtension.class)
class RealServerAdoptSharingTest {

    private final List<RealCluster> clusters = new ArrayList<>();

    @AfterEach
    void deleteWhatTheTestLeft() {
        clusters.forEach(OlmObjects::deleteCsvsAndGroups);
    }

    @Test
    void adoptingOneOfTwoSubscriptionsThatShareACrdLeavesTheOthersCsvUntouchedAndTheCrdMarkedShared(RealOlm olm,
            @TempDir Path dir) throws Exception {
        RealCluster first = cluster(olm, "adopt-share-a");
        RealCluster second = cluster(olm, "adopt-share-b");
        Path bundle = SampleCopies.renamed("samples/bundles/cachebox-operator", dir.resolve("bundle"), "adoptshare");
        OlmShapedInstall.Installed adopted = OlmShapedInstall.of(olm, first.namespace(), bundle).install();
        OlmShapedInstall.Installed other = OlmShapedInstall.of(olm, second.namespace(), bundle).install();
        GenericKubernetesResource otherCsvBefore = OlmObjects.csv(second, other.csv());
        String crd = "caches.adoptshare.bundlectl.dev";

        CliRun run = first.run("adopt", "--package", adopted.packageName(), "-n", first.namespace(), "--bundle",
                bundle.toString());

        assertThat(run.exitCode()).as(run + "\n" + olm.logTail(30)).isZero();
        assertThat(run.out()).contains("shared with operators OLM still manages")
                .contains("CustomResourceDefinition/" + crd + ": owned by ClusterServiceVersion " + second.namespace()
                        + "/" + other.csv())
                .contains("ClusterRole/adoptshare-metrics-reader: also written by InstallPlan " + second.namespace()
                        + "/" + other.installPlan());
        CustomResourceDefinition shared = first.client().apiextensions().v1().customResourceDefinitions().withName(crd)
                .get();
        assertThat(OwnerAnnotations.ownedBy(shared.getMetadata().getAnnotations(), first.namespace(),
                adopted.packageName())).as("listed as an owner").isTrue();
        assertThat(shared.getMetadata().getManagedFields()).as("OLM's fields stay OLM's")
                .anyMatch(entry -> entry.getManager().equals(OlmShapedInstall.CATALOG_MANAGER));
        InstallRecord record = Await.result(new InstallRecordStore(first.server().connect().retryingApi())
                .latestFor(first.namespace(), adopted.packageName())).orElseThrow();
        assertThat(record.createdObjects()).filteredOn(owned -> owned.object().name().equals(crd)).singleElement()
                .satisfies(owned -> assertThat(owned.ownership()).isEqualTo(OwnershipDecision.SHARED_WITH_OLM_RECORDED));
        // The other Subscription's operator is untouched.
        TimeUnit.SECONDS.sleep(2);
        GenericKubernetesResource otherCsvAfter = OlmObjects.csv(second, other.csv());
        assertThat(otherCsvAfter.getMetadata().getUid()).isEqualTo(otherCsvBefore.getMetadata().getUid());
        assertThat(otherCsvAfter.getMetadata().getResourceVersion())
                .isEqualTo(otherCsvBefore.getMetadata().getResourceVersion());
        assertThat(OlmObjects.phaseOf(otherCsvAfter)).isEqualTo("Succeeded");
        assertThat(second.client().genericKubernetesResources(OlmShapedInstall.SUBSCRIPTIONS)
                .inNamespace(second.namespace()).withName(other.subscription()).get()).isNotNull();
        CliRun status = first.run("status", "-n", first.namespace(), record.name());
        assertThat(status.out()).contains("CustomResourceDefinition/" + crd + ": shared with operators OLM manages");

        // What is shared is never bundlectl's to delete: an uninstall gives up its mark only.
        CliRun uninstalled = first.run("uninstall", "--package", adopted.packageName(), "-n", first.namespace(),
                "--delete-crds");

        assertThat(uninstalled.exitCode()).as(uninstalled.toString()).isZero();
        CustomResourceDefinition kept = first.client().apiextensions().v1().customResourceDefinitions().withName(crd)
                .get();
        assertThat(kept).as("the shared CRD").isNotNull();
        assertThat(OwnerAnnotations.ownedBy(kept.getMetadata().getAnnotations(), first.namespace(),
                adopted.packageName())).as("no longer listed").isFalse();
        assertThat(first.client().rbac().clusterRoles().withName("adoptshare-metrics-reader").get()).isNotNull();
        assertThat(OlmObjects.phaseOf(OlmObjects.csv(second, other.csv()))).isEqualTo("Succeeded");
    }

    private RealCluster cluster(RealOlm olm, String prefix) {
        RealCluster cluster = RealCluster.in(olm.server(), prefix);
        clusters.add(cluster);
        return cluster;
    }
}
