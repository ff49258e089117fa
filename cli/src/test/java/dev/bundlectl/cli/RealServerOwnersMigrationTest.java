package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.executor.testing.RealApiServer;
import dev.bundlectl.executor.testing.RealApiServerExtension;
import dev.bundlectl.executor.testing.RealApiServerExtension.Served;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.ManagedFieldsEntry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Installs made before one manager per package (docs/semantics.md §8), on the real API server with
 * the real kube-controller-manager finishing a namespace's deletion: objects the release before
 * wrote (a field manager and a mark per install, {@link EarlierOwnersInstall}) are released by an
 * uninstall not yet migrated as that release released them, migrated by the package's next install
 * (every standing co-owner listed, their fields the package's manager's, a gone one's dropped), and
 * released and deleted by the uninstalls after it as any listed object is; an install's own next
 * run migrates everything its earlier manager wrote, a field it now changes included.
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

    @Test
    void anInstallsOwnNextRunMigratesEveryObjectItsEarlierManagerWroteEvenAFieldItNowChanges(
            @Served(RealApiServer.Flavour.PLAIN) RealApiServer server) throws Exception {
        String packageName = "remigbox-operator";
        Path earlier = SampleCopies.renamed(dir.resolve("remigbox"), "remigbox");
        Files.delete(earlier.resolve("manifests/remigbox-license_v1_secret.yaml"));
        // The same bundle again, with a field the earlier install's own manager owns changed.
        Path next = SampleCopies.renamed(dir.resolve("remigbox-next"), "remigbox");
        Files.delete(next.resolve("manifests/remigbox-license_v1_secret.yaml"));
        Path configMap = next.resolve("manifests/remigbox-defaults_v1_configmap.yaml");
        Files.writeString(configMap, Files.readString(configMap).replace("default-memory: 256Mi",
                "default-memory: 512Mi"));
        RealCluster admin = RealCluster.in(server, "remig-admin");
        String a = server.newNamespace("remig-a");
        String b = server.newNamespace("remig-b");
        for (String ns : List.of(a, b)) {
            EarlierOwnersInstall.install(server, admin, earlier, ns, packageName);
        }
        List<GenericKubernetesResource> before = objectsOf(admin, earlier, a);
        assertThat(before).as("what a's earlier install wrote").hasSizeGreaterThan(SHARED.size());
        assertThat(before).allSatisfy(object -> assertThat(object.getMetadata().getAnnotations()).as(name(object))
                .containsKey(OwnerAnnotations.earlierMark(a, packageName)));

        CliRun rerunA = admin.run("install", next.toString(), "-n", a, "--csv-mode", "render");

        assertThat(rerunA.exitCode()).as(rerunA.toString()).isZero();
        List<GenericKubernetesResource> migrated = objectsOf(admin, next, a);
        assertThat(migrated).extracting(RealServerOwnersMigrationTest::name)
                .containsExactlyInAnyOrderElementsOf(before.stream().map(RealServerOwnersMigrationTest::name).toList());
        for (GenericKubernetesResource object : migrated) {
            boolean shared = SHARED.stream().anyMatch(each -> each.get(1).equals(object.getKind())
                    && each.get(2).replace("migbox", "remigbox").equals(object.getMetadata().getName()));
            assertThat(installManagers(object)).as(name(object) + ": its earlier manager's fields moved to "
                    + "the package's").containsExactly("bundlectl/" + packageName);
            // The operator's own cluster RBAC, rendered for a's install alone, is a's only.
            Map<String, String> annotations = object.getMetadata().getAnnotations();
            assertThat(annotations.keySet()).as(name(object) + ": no per-install mark left")
                    .noneMatch(key -> key.contains("." + OwnerAnnotations.LIST_PREFIX));
            assertThat(OwnerAnnotations.listed(annotations, packageName)).as(name(object) + ": listed")
                    .containsExactlyElementsOf(shared ? Stream.of(a, b).sorted().toList() : List.of(a));
        }
        assertThat(admin.client().configMaps().inNamespace(a).withName("remigbox-defaults").get().getData())
                .as("the changed field, which a's earlier manager owned, applied")
                .containsEntry("default-memory", "512Mi");

        CliRun uninstallA = admin.run("uninstall", "--package", packageName, "-n", a, "--delete-crds");

        assertThat(uninstallA.exitCode()).as(uninstallA.toString()).isZero();
        assertThat(uninstallA.out()).contains("Released ClusterRole/remigbox-metrics-reader: still owned by "
                + packageName + " in namespace " + b);
        RealServerManyHandsTest.assertNothingOf(admin, next, a);
        List<GenericKubernetesResource> keptForB = shared(server, "remigbox");
        assertThat(keptForB).hasSize(SHARED.size());
        for (GenericKubernetesResource shared : keptForB) {
            OwnerAnnotations.assertOwnedOnlyBy(shared.getMetadata().getAnnotations(), packageName, b);
        }

        CliRun uninstallB = admin.run("uninstall", "--package", packageName, "-n", b, "--delete-crds");

        assertThat(uninstallB.exitCode()).as(uninstallB.toString()).isZero();
        RealServerManyHandsTest.assertNothingOf(admin, earlier, b);
        assertThat(shared(server, "remigbox")).as("the last owner deletes them").isEmpty();
        assertThat(ClusterScopedObjects.named(server.client(), "remigbox")).isEmpty();
    }

    /** The shared objects still there and not being deleted. */
    private static List<GenericKubernetesResource> shared(RealApiServer server) {
        return shared(server, "migbox");
    }

    /** The shared objects of the sample renamed after {@code prefix}, still there and not being deleted. */
    private static List<GenericKubernetesResource> shared(RealApiServer server, String prefix) {
        return SHARED.stream().map(object -> server.client().genericKubernetesResources(object.get(0), object.get(1))
                        .withName(object.get(2).replace("migbox", prefix)).get())
                .filter(object -> object != null && object.getMetadata().getDeletionTimestamp() == null).toList();
    }

    /**
     * Every object of {@code bundle}'s plan in {@code namespace} that is there and written by
     * server-side apply (a created CSV carries its owner in its body, and is never applied again).
     */
    private static List<GenericKubernetesResource> objectsOf(RealCluster cluster, Path bundle, String namespace) {
        CliRun plan = cluster.run("plan", bundle.toString(), "-n", namespace, "--csv-mode", "render", "-o", "json");
        assertThat(plan.exitCode()).as(plan.toString()).isZero();
        List<GenericKubernetesResource> found = new ArrayList<>();
        for (JsonNode step : RealCluster.json(plan).path("status").path("plan")) {
            JsonNode resource = step.path("resource");
            if ("NotCreated".equals(step.path("status").asText())
                    || "ClusterServiceVersion".equals(resource.path("kind").asText())) {
                continue;
            }
            String group = resource.path("group").asText();
            String apiVersion = group.isEmpty() ? resource.path("version").asText()
                    : group + "/" + resource.path("version").asText();
            String objectNamespace = resource.path("namespace").asText("");
            var objects = cluster.client().genericKubernetesResources(RealServerManyHandsTest.context(apiVersion,
                    resource.path("kind").asText(), !objectNamespace.isEmpty()));
            GenericKubernetesResource live = (objectNamespace.isEmpty() ? objects
                    : objects.inNamespace(objectNamespace)).withName(resource.path("name").asText()).get();
            if (live != null) {
                found.add(live);
            }
        }
        return found;
    }

    private static List<String> applyManagers(GenericKubernetesResource object) {
        return object.getMetadata().getManagedFields().stream().filter(entry -> "Apply".equals(entry.getOperation()))
                .map(ManagedFieldsEntry::getManager).toList();
    }

    /** The managers of {@code object}'s fields that are bundlectl's installs': every apply manager, and any {@code bundlectl/…} one. */
    private static List<String> installManagers(GenericKubernetesResource object) {
        return object.getMetadata().getManagedFields().stream()
                .filter(entry -> "Apply".equals(entry.getOperation()) || entry.getManager().startsWith("bundlectl/"))
                .map(ManagedFieldsEntry::getManager).toList();
    }

    private static String earlierManager(String namespace) {
        return "bundlectl/" + namespace + "/" + PACKAGE;
    }

    private static String name(GenericKubernetesResource object) {
        return object.getKind() + "/" + object.getMetadata().getName();
    }
}
