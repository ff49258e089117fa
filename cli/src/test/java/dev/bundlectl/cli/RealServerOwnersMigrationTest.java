package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.executor.testing.RealApiServer;
import dev.bundlectl.executor.testing.RealApiServerExtension;
import dev.bundlectl.executor.testing.RealApiServerExtension.Served;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.ManagedFieldsEntry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Installs made before one manager per package (docs/semantics.md §8), on the real API server with
 * the real kube-controller-manager finishing a namespace's deletion: objects the release before
 * wrote (a field manager and a mark per install, {@link EarlierOwnersInstall}) are released by an
 * uninstall not yet migrated as that release released them, migrated by the package's next install
 * (every standing co-owner listed, their fields the package's manager's, a gone one's dropped), and
 * released and deleted by the uninstalls after it as any listed object is.
 */
@ExtendWith(RealApiServerExtension.class)
class RealServerOwnersMigrationTest {

    private static final String PACKAGE = "migbox-operator";
    private static final List<List<String>> SHARED = List.of(
            List.of("apiextensions.k8s.io/v1", "CustomResourceDefinition", "caches.migbox.bundlectl.dev"),
            List.of("apiextensions.k8s.io/v1", "CustomResourceDefinition", "cachebackups.migbox.bundlectl.dev"),
            List.of("rbac.authorization.k8s.io/v1", "ClusterRole", "migbox-metrics-reader"),
            List.of("rbac.authorization.k8s.io/v1", "ClusterRoleBinding", "migbox-metrics-reader"));

    @TempDir
    Path dir;

    @Test
    void theNextInstallMigratesWhatTheReleaseBeforeWroteAndEveryUninstallStillReleasesIt(
            @Served(value = RealApiServer.Flavour.PLAIN, controllers = true) RealApiServer server) throws Exception {
        Path bundle = SampleCopies.renamed(dir.resolve("migbox"), "migbox");
        // The earlier install is made from a plan document, whose Secret values are redacted.
        Files.delete(bundle.resolve("manifests/migbox-license_v1_secret.yaml"));
        RealCluster admin = RealCluster.in(server, "mig-admin");
        String a = server.newNamespace("mig-a");
        String b = server.newNamespace("mig-b");
        String gone = server.newNamespace("mig-gone");
        String d = server.newNamespace("mig-d");
        for (String ns : List.of(a, b, gone)) {
            EarlierOwnersInstall.install(server, admin, bundle, ns, PACKAGE);
        }
        for (GenericKubernetesResource shared : shared(server)) {
            assertThat(applyManagers(shared)).as(name(shared) + " as the release before left it")
                    .containsExactlyInAnyOrder(earlierManager(a), earlierManager(b), earlierManager(gone));
            assertThat(shared.getMetadata().getAnnotations()).containsOnlyKeys(OwnerAnnotations.earlierMark(a, PACKAGE),
                    OwnerAnnotations.earlierMark(b, PACKAGE), OwnerAnnotations.earlierMark(gone, PACKAGE));
        }

        CliRun uninstallB = admin.run("uninstall", "--package", PACKAGE, "-n", b, "--delete-crds");

        assertThat(uninstallB.exitCode()).as(uninstallB.toString()).isZero();
        assertThat(uninstallB.out()).as("an install not yet migrated releases its own fields and mark, as before")
                .contains("Released ClusterRole/migbox-metrics-reader: still owned by " + PACKAGE + " in namespace ");
        for (GenericKubernetesResource shared : shared(server)) {
            assertThat(applyManagers(shared)).as(name(shared)).containsExactlyInAnyOrder(earlierManager(a),
                    earlierManager(gone));
            assertThat(OwnerAnnotations.owners(shared.getMetadata().getAnnotations())).as(name(shared))
                    .containsExactlyInAnyOrder(a + "/" + PACKAGE, gone + "/" + PACKAGE);
        }
        RealServerGoneOwnersTest.deleteAndWait(server.client(), gone);

        CliRun installD = admin.run("install", bundle.toString(), "-n", d, "--csv-mode", "render");

        assertThat(installD.exitCode()).as(installD.toString()).isZero();
        assertThat(installD.out()).contains("shared with " + PACKAGE + " in namespace " + a);
        for (GenericKubernetesResource shared : shared(server)) {
            assertThat(applyManagers(shared)).as(name(shared) + ": one manager for the package, the others' fields "
                    + "moved into it").containsExactly("bundlectl/" + PACKAGE);
            assertThat(shared.getMetadata().getManagedFields()).extracting(ManagedFieldsEntry::getManager)
                    .as(name(shared)).noneMatch(manager -> manager.startsWith("bundlectl/mig-"));
            OwnerAnnotations.assertOwnedOnlyBy(shared.getMetadata().getAnnotations(), PACKAGE, a, d);
            assertThat(shared.getMetadata().getManagedFields()).as(name(shared)).hasSizeLessThanOrEqualTo(3);
        }

        CliRun uninstallA = admin.run("uninstall", "--package", PACKAGE, "-n", a, "--delete-crds");

        assertThat(uninstallA.exitCode()).as(uninstallA.toString()).isZero();
        assertThat(uninstallA.out()).contains("Released ClusterRole/migbox-metrics-reader: still owned by " + PACKAGE
                + " in namespace " + d).contains("Kept CustomResourceDefinition/caches.migbox.bundlectl.dev: still "
                        + "owned by " + PACKAGE + " in namespace " + d);
        RealServerManyHandsTest.assertNothingOf(admin, bundle, a);
        for (GenericKubernetesResource shared : shared(server)) {
            OwnerAnnotations.assertOwnedOnlyBy(shared.getMetadata().getAnnotations(), PACKAGE, d);
            assertThat(applyManagers(shared)).as(name(shared)).containsExactly("bundlectl/" + PACKAGE);
        }

        CliRun uninstallD = admin.run("uninstall", "--package", PACKAGE, "-n", d, "--delete-crds");

        assertThat(uninstallD.exitCode()).as(uninstallD.toString()).isZero();
        RealServerManyHandsTest.assertNothingOf(admin, bundle, d);
        assertThat(shared(server)).as("the last owner deletes them").isEmpty();
        assertThat(ClusterScopedObjects.named(server.client(), "migbox")).as("nothing of any of the installs, the gone "
                + "one's cluster RBAC included").isEmpty();
    }

    /** The shared objects still there and not being deleted. */
    private static List<GenericKubernetesResource> shared(RealApiServer server) {
        return SHARED.stream().map(object -> server.client().genericKubernetesResources(object.get(0), object.get(1))
                        .withName(object.get(2)).get())
                .filter(object -> object != null && object.getMetadata().getDeletionTimestamp() == null).toList();
    }

    private static List<String> applyManagers(GenericKubernetesResource object) {
        return object.getMetadata().getManagedFields().stream().filter(entry -> "Apply".equals(entry.getOperation()))
                .map(ManagedFieldsEntry::getManager).toList();
    }

    private static String earlierManager(String namespace) {
        return "bundlectl/" + namespace + "/" + PACKAGE;
    }

    private static String name(GenericKubernetesResource object) {
        return object.getKind() + "/" + object.getMetadata().getName();
    }
}
