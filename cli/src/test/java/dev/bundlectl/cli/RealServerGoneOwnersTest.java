package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.executor.testing.RealApiServer;
import dev.bundlectl.executor.testing.RealApiServerExtension;
import dev.bundlectl.executor.testing.RealApiServerExtension.Served;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A stale owner is no owner (docs/semantics.md §8), on the real API server with the real
 * kube-controller-manager finishing namespace deletions: an owner whose namespace was deleted, or
 * made again without a record of the package, no longer keeps an object alive, while one whose
 * namespace holds the package's record again does.
 */
@ExtendWith(RealApiServerExtension.class)
class RealServerGoneOwnersTest {

    private static final int NAMESPACE_DELETION_SECONDS = 120;

    @TempDir
    Path dir;

    @Test
    void anInstallInADeletedNamespaceLeavesNothingOnceTheSameBundleIsInstalledAndUninstalledElsewhere(
            @Served(value = RealApiServer.Flavour.PLAIN, controllers = true) RealApiServer server) throws Exception {
        Path bundle = SampleCopies.renamed(dir.resolve("gonebox"), "gonebox");
        String a = server.newNamespace("gone-a");
        String b = server.newNamespace("gone-b");
        RealCluster cluster = RealCluster.in(server, "gone-admin");
        ServerRequestCounts first = ServerRequestCounts.of(cluster);
        assertThat(cluster.run("install", bundle.toString(), "-n", a, "--csv-mode", "render").exitCode()).isZero();
        report("first install, no other owner", ServerRequestCounts.of(cluster).since(first));
        assertThat(ClusterScopedObjects.markedBy(server.client(), "gonebox", a)).as("a's cluster-scoped objects")
                .containsKeys("ClusterRole/gonebox-metrics-reader", "ClusterRoleBinding/gonebox-metrics-reader");

        deleteAndWait(server.client(), a);
        ServerRequestCounts before = ServerRequestCounts.of(cluster);
        CliRun install = cluster.run("install", bundle.toString(), "-n", b, "--csv-mode", "render");
        report("install beside a gone owner", ServerRequestCounts.of(cluster).since(before));

        assertThat(install.exitCode()).as(install.toString()).isZero();
        assertThat(install.out()).contains("its earlier owners are gone");
        assertThat(ClusterScopedObjects.named(server.client(), "gonebox").get("ClusterRole/gonebox-metrics-reader"))
                .as("the install dropped a's stale mark")
                .satisfies(annotations -> OwnerAnnotations.assertOwnedOnlyBy(annotations, "gonebox-operator", b));
        CliRun uninstall = cluster.run("uninstall", "--package", "gonebox-operator", "-n", b, "--delete-crds");
        assertThat(uninstall.exitCode()).as(uninstall.toString()).isZero();
        assertThat(ClusterScopedObjects.named(server.client(), "gonebox")).as("nothing of the sample remains").isEmpty();
    }

    @Test
    void anOwnerWhoseNamespaceWasDeletedOrMadeAgainWithoutARecordNoLongerKeepsASharedObject(
            @Served(value = RealApiServer.Flavour.PLAIN, controllers = true) RealApiServer server) throws Exception {
        Path bundle = SampleCopies.renamed(dir.resolve("agedbox"), "agedbox");
        String a = server.newNamespace("aged-a");
        String b = server.newNamespace("aged-b");
        RealCluster cluster = RealCluster.in(server, "aged-admin");
        assertThat(cluster.run("install", bundle.toString(), "-n", a, "--csv-mode", "render").exitCode()).isZero();
        ServerRequestCounts beforeB = ServerRequestCounts.of(cluster);
        assertThat(cluster.run("install", bundle.toString(), "-n", b, "--csv-mode", "render").exitCode()).isZero();
        report("install sharing with a live owner", ServerRequestCounts.of(cluster).since(beforeB));
        String recordB = RealServerManyHandsTest.records(cluster, b).get(0);
        assertThat(cluster.run("status", "-n", b, recordB).out())
                .contains("ClusterRole/agedbox-metrics-reader: shared with agedbox-operator in namespace " + a);

        deleteAndWait(server.client(), a);
        assertThat(cluster.run("status", "-n", b, recordB).out()).as("a gone owner shares nothing")
                .doesNotContain("ClusterRole/agedbox-metrics-reader: shared with");
        // The same name again, holding no record of the package: still gone.
        server.client().namespaces().resource(new NamespaceBuilder().withNewMetadata().withName(a).endMetadata().build())
                .create();
        ServerRequestCounts before = ServerRequestCounts.of(cluster);
        CliRun uninstall = cluster.run("uninstall", "--package", "agedbox-operator", "-n", b, "--delete-crds");
        report("uninstall beside a gone owner", ServerRequestCounts.of(cluster).since(before));

        assertThat(uninstall.exitCode()).as(uninstall.toString()).isZero();
        assertThat(uninstall.out()).contains("Deleted ClusterRole/agedbox-metrics-reader")
                .contains("Deleted CustomResourceDefinition/caches.agedbox.bundlectl.dev")
                .doesNotContain("Released");
        assertThat(ClusterScopedObjects.named(server.client(), "agedbox")).as("a's own cluster RBAC went too").isEmpty();
    }

    @Test
    void aNamespaceMadeAgainWhoseNewInstallHoldsARecordIsAnOwnerAgain(
            @Served(value = RealApiServer.Flavour.PLAIN, controllers = true) RealApiServer server) throws Exception {
        Path bundle = SampleCopies.renamed(dir.resolve("backbox"), "backbox");
        String a = server.newNamespace("back-a");
        String b = server.newNamespace("back-b");
        RealCluster cluster = RealCluster.in(server, "back-admin");
        for (String ns : new String[] {a, b}) {
            assertThat(cluster.run("install", bundle.toString(), "-n", ns, "--csv-mode", "render").exitCode()).isZero();
        }
        deleteAndWait(server.client(), a);
        CliRun again = cluster.run("install", bundle.toString(), "-n", a, "--csv-mode", "render", "--create-namespace");
        assertThat(again.exitCode()).as(again.toString()).isZero();

        CliRun uninstallB = cluster.run("uninstall", "--package", "backbox-operator", "-n", b, "--delete-crds");

        assertThat(uninstallB.exitCode()).as(uninstallB.toString()).isZero();
        assertThat(uninstallB.out()).contains("Released ClusterRole/backbox-metrics-reader: still owned by "
                + "backbox-operator in namespace " + a);
        assertThat(ClusterScopedObjects.named(server.client(), "backbox").get("ClusterRole/backbox-metrics-reader"))
                .satisfies(annotations -> OwnerAnnotations.assertOwnedOnlyBy(annotations, "backbox-operator", a));
        CliRun uninstallA = cluster.run("uninstall", "--package", "backbox-operator", "-n", a, "--delete-crds");
        assertThat(uninstallA.exitCode()).as(uninstallA.toString()).isZero();
        assertThat(ClusterScopedObjects.named(server.client(), "backbox"))
                .as("nothing of either install, what the earlier install in a made under the same names included")
                .isEmpty();
    }

    /** The reads that judge owners, as the server counted them (bench/README.md, "Stale owners"). */
    private static void report(String what, ServerRequestCounts counts) {
        System.out.println("[bundlectl] " + what + ": GET namespaces " + counts.count("GET", "namespaces", false)
                + ", LIST secrets " + counts.count("LIST", "secrets", false) + ", LIST clusterroles "
                + counts.count("LIST", "clusterroles", false) + ", LIST clusterrolebindings "
                + counts.count("LIST", "clusterrolebindings", false));
    }

    /** Deletes {@code namespace} and waits until the controller manager has finished it. */
    static void deleteAndWait(KubernetesClient client, String namespace) {
        client.namespaces().withName(namespace).delete();
        client.namespaces().withName(namespace).waitUntilCondition(found -> found == null, NAMESPACE_DELETION_SECONDS,
                TimeUnit.SECONDS);
    }
}
