package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.controller.api.BundleInstallKind;
import dev.bundlectl.controller.pipeline.InstallerConnections;
import dev.bundlectl.controller.pipeline.PipelineInstaller;
import dev.bundlectl.controller.reconcile.BundleInstallClient;
import dev.bundlectl.controller.reconcile.EventRecorder;
import dev.bundlectl.controller.reconcile.Reconciler;
import dev.bundlectl.controller.runtime.Controller;
import dev.bundlectl.controller.runtime.ControllerSettings;
import dev.bundlectl.executor.apply.ApplySettings;
import dev.bundlectl.controller.collect.CollectionReporter;
import dev.bundlectl.controller.collect.PeriodicCollection;
import dev.bundlectl.cluster.connect.ClusterConnection;
import dev.bundlectl.executor.gc.LeftoverCollector;
import dev.bundlectl.executor.testing.RealApiServer;
import dev.bundlectl.executor.testing.RealApiServerExtension;
import dev.bundlectl.executor.testing.RealApiServerExtension.Served;
import dev.bundlectl.executor.testing.RealIdentities;
import dev.bundlectl.executor.testing.RealIdentity;
import dev.bundlectl.source.SourceSettings;
import dev.bundlectl.source.registry.RegistryOptions;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Deleting a namespace that holds BundleInstalls, with the controller running as deploy/ runs it (a
 * real token of its ServiceAccount, installs as each object's installer account) and the real
 * kube-controller-manager's namespace controller doing the deletion: the finalizer uninstalls
 * before the namespace goes, so the installs' cluster-scoped objects go with their last owner and
 * nothing of the bundle but its CRD (kept by rule, docs/semantics.md §8) outlives the namespaces.
 */
@ExtendWith(RealApiServerExtension.class)
class RealServerControllerNamespaceGoneTest {

    private static final String PACKAGE = "nsdelbox-operator";

    @TempDir
    Path temp;

    @Test
    void deletingTheNamespacesOfTwoBundleInstallsLeavesNothingClusterScopedButTheKeptCrds(
            @Served(value = RealApiServer.Flavour.PLAIN, controllers = true) RealApiServer server) throws Exception {
        deploy(server);
        KubernetesClient admin = server.client();
        Path bundle = SampleCopies.renamed(temp.resolve("nsdelbox"), "nsdelbox");
        List<String> namespaces = List.of(server.newNamespace("nsgone-a"), server.newNamespace("nsgone-b"));
        List<AutoCloseable> controllers = new ArrayList<>();
        try {
            for (String ns : namespaces) {
                RealServerInstallerRbacTest.apply(admin, CliRun.of("plan", bundle.toString(), "-n", ns,
                        "--csv-mode", "render", "--installer-rbac", "installer").out());
                admin.configMaps().inNamespace(ns).resource(packed("nsdelbox-bundle", bundle)).create();
                controllers.add(controller(server, ns));
                admin.genericKubernetesResources(BundleInstallKind.context()).inNamespace(ns).resource(Serialization
                        .unmarshal("""
                                apiVersion: bundlectl.dev/v1alpha1
                                kind: BundleInstall
                                metadata: {name: nsdelbox}
                                spec: {source: {configMap: nsdelbox-bundle}, csvMode: render, serviceAccountName: installer}
                                """, GenericKubernetesResource.class)).create();
            }
            for (String ns : namespaces) {
                RealServerControllerInstallTest.awaitNamed(admin, ns, "nsdelbox",
                        object -> "Complete".equals(RealServerControllerInstallTest.status(object, "phase")),
                        "the install in " + ns);
            }
            assertThat(ClusterScopedObjects.named(admin, "nsdelbox").get("ClusterRole/nsdelbox-metrics-reader"))
                    .as("both installs share the metrics ClusterRole")
                    .satisfies(annotations -> assertThat(OwnerAnnotations.owners(annotations)).contains(
                            OwnerAnnotations.owner(namespaces.get(0), PACKAGE),
                            OwnerAnnotations.owner(namespaces.get(1), PACKAGE)));

            deleteAndWait(admin, namespaces.get(0));
            Map<String, Map<String, String>> afterA = ClusterScopedObjects.named(admin, "nsdelbox");
            assertThat(ClusterScopedObjects.markedBy(admin, "nsdelbox", namespaces.get(0)))
                    .as("the first namespace's uninstall released or deleted all it marked").isEmpty();
            assertThat(afterA.get("ClusterRole/nsdelbox-metrics-reader")).as("still the second install's")
                    .satisfies(annotations -> OwnerAnnotations.assertOwnedOnlyBy(annotations, PACKAGE,
                            namespaces.get(1)));

            deleteAndWait(admin, namespaces.get(1));
            assertThat(ClusterScopedObjects.named(admin, "nsdelbox").keySet())
                    .as("nothing cluster-scoped outlives both namespaces but the CRDs, which an uninstall keeps")
                    .containsExactly("CustomResourceDefinition/cachebackups.nsdelbox.bundlectl.dev",
                            "CustomResourceDefinition/caches.nsdelbox.bundlectl.dev");
        } finally {
            for (AutoCloseable controller : controllers) {
                controller.close();
            }
        }
    }

    @Test
    void theControllersCollectorDeletesWhatAnInstallInADeletedNamespaceLeftAndRecordsItOnItself(
            @Served(value = RealApiServer.Flavour.PLAIN, controllers = true) RealApiServer server) throws Exception {
        deploy(server);
        KubernetesClient admin = server.client();
        try (InputStream gcRbac = Files.newInputStream(TestPaths.inRepo("deploy/gc-rbac.yaml"))) {
            for (HasMetadata object : admin.load(gcRbac).items()) {
                admin.resource(object).createOr(existing -> existing.update());
            }
        }
        Path bundle = SampleCopies.renamed(temp.resolve("leftbox"), "leftbox");
        String gone = server.newNamespace("leftbox-gone");
        String live = server.newNamespace("leftbox-live");
        RealCluster cluster = RealCluster.in(server, "leftbox-admin");
        for (String ns : List.of(gone, live)) {
            CliRun install = cluster.run("install", bundle.toString(), "-n", ns, "--csv-mode", "render");
            assertThat(install.exitCode()).as(install.toString()).isZero();
        }
        Map<String, Map<String, String>> liveBefore = ClusterScopedObjects.markedBy(admin, "leftbox", live);
        deleteAndWait(admin, gone);
        Map<String, Map<String, String>> left = ClusterScopedObjects.markedBy(admin, "leftbox", gone);
        assertThat(left.keySet()).as("what the install in the deleted namespace left, besides the shared objects")
                .anyMatch(name -> name.startsWith("ClusterRole/leftbox-operator-"));

        io.fabric8.kubernetes.api.model.ObjectReference pod = new io.fabric8.kubernetes.api.model.ObjectReferenceBuilder()
                .withApiVersion("v1").withKind("Pod").withNamespace(live).withName("bundlectl-controller-0").build();
        RealIdentity identity = RealIdentities.existingServiceAccount(server, temp, "bundlectl-system",
                "bundlectl-controller", null);
        try (ClusterConnection connection = ClusterConnection.connect(identity.config(), Duration.ofSeconds(30));
                InstallerConnections installers = new InstallerConnections(connection, false)) {
            PipelineInstaller installer = new PipelineInstaller(installers, new SourceSettings(
                    RegistryOptions.defaults(), temp.resolve("cache"), false), ApplySettings.defaults(),
                    Clock.systemUTC());
            EventRecorder events = new EventRecorder(connection.client(), "gc-test");
            Reconciler reconciler = new Reconciler(new BundleInstallClient(connection.client()), installer, events,
                    Clock.systemUTC());
            try (Controller controller = new Controller(connection.client(), reconciler, new ControllerSettings(live,
                    1, Duration.ofMinutes(5), Duration.ofMillis(500), Duration.ofSeconds(5), "gc-test", null), true,
                    List.of(new PeriodicCollection(new LeftoverCollector(connection.retryingApi(),
                            connection.discovery()), Duration.ofSeconds(2), new CollectionReporter(events, pod))))) {
                controller.start();
                long deadline = System.nanoTime() + Duration.ofSeconds(90).toNanos();
                while (ClusterScopedObjects.markedBy(admin, "leftbox", gone).keySet().stream()
                        .anyMatch(name -> !name.startsWith("CustomResourceDefinition/")
                                && !liveBefore.containsKey(name))) {
                    assertThat(System.nanoTime()).as("the collector deleted what the gone install left in 90 s")
                            .isLessThan(deadline);
                    Thread.sleep(500);
                }
            }
        }
        assertThat(ClusterScopedObjects.markedBy(admin, "leftbox", live).keySet()).as("the live install's, untouched")
                .containsExactlyElementsOf(liveBefore.keySet());
        List<io.fabric8.kubernetes.api.model.Event> recorded = admin.v1().events().inNamespace(live).list().getItems()
                .stream().filter(event -> "bundlectl-controller-0".equals(event.getInvolvedObject().getName()))
                .toList();
        assertThat(recorded).as("each deletion is an event on the controller's Pod")
                .extracting(event -> event.getReason() + ": " + event.getMessage())
                .anyMatch(line -> line.startsWith("LeftoverDeleted: Deleted ClusterRole/leftbox-operator-")
                        && line.contains("namespace " + gone + " no longer exists"))
                .anyMatch(line -> line.startsWith("LeftoverDeleted: Deleted ClusterRoleBinding/leftbox-operator-"))
                .as("the CRDs the live install shares are no leftovers")
                .noneMatch(line -> line.contains("CustomResourceDefinition"));
        CliRun status = cluster.run("status", "-n", live, RealServerManyHandsTest.records(cluster, live).get(0));
        assertThat(status.exitCode()).as(status.toString()).isZero();
    }

    /**
     * Deletes {@code namespace} and waits until the namespace controller has finished it, which it
     * can only once the controller released the BundleInstall's finalizer; on a timeout, says what
     * the BundleInstall's status and the namespace's conditions were.
     */
    private static void deleteAndWait(KubernetesClient admin, String namespace) {
        admin.namespaces().withName(namespace).delete();
        long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
        while (admin.namespaces().withName(namespace).get() != null) {
            if (System.nanoTime() > deadline) {
                GenericKubernetesResource left = admin.genericKubernetesResources(BundleInstallKind.context())
                        .inNamespace(namespace).withName("nsdelbox").get();
                throw new AssertionError("namespace " + namespace + " was not deleted in 120 s; its conditions: "
                        + Serialization.asYaml(admin.namespaces().withName(namespace).get().getStatus())
                        + "the BundleInstall: " + (left == null ? "gone"
                                : Serialization.asYaml(left.getAdditionalProperties().get("status"))));
            }
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted", e);
            }
        }
    }

    /** A controller of one namespace as deploy/ runs it: a real token of its ServiceAccount, deploy/rbac.yaml's rights. */
    private AutoCloseable controller(RealApiServer server, String namespace) {
        RealIdentity identity = RealIdentities.existingServiceAccount(server, temp, "bundlectl-system",
                "bundlectl-controller", null);
        ClusterConnection connection = ClusterConnection.connect(identity.config(), Duration.ofSeconds(30));
        InstallerConnections installers = new InstallerConnections(connection, false);
        PipelineInstaller installer = new PipelineInstaller(installers, new SourceSettings(RegistryOptions.defaults(),
                temp.resolve("cache-" + namespace), false), ApplySettings.defaults(), Clock.systemUTC());
        Reconciler reconciler = new Reconciler(new BundleInstallClient(connection.client()), installer,
                new EventRecorder(connection.client(), "ns-gone"), Clock.systemUTC());
        Controller controller = new Controller(connection.client(), reconciler, new ControllerSettings(namespace, 2,
                Duration.ofMinutes(5), Duration.ofMillis(500), Duration.ofSeconds(5), "ns-gone-" + namespace, null),
                true);
        controller.start();
        return () -> {
            controller.close();
            installers.close();
            connection.close();
        };
    }

    /** deploy/crd.yaml and deploy/rbac.yaml, applied as a cluster admin would. */
    static synchronized void deploy(RealApiServer server) {
        RealServerControllerInstallTest.installCrd(server);
        try (InputStream rbac = Files.newInputStream(TestPaths.inRepo("deploy/rbac.yaml"))) {
            for (HasMetadata object : server.client().load(rbac).items()) {
                server.client().resource(object).createOr(existing -> existing.update());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static io.fabric8.kubernetes.api.model.ConfigMap packed(String name, Path bundle) throws IOException {
        Map<String, String> data = new TreeMap<>();
        try (Stream<Path> files = Files.walk(bundle)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                data.put(bundle.relativize(file).toString().replace(java.io.File.separator, "__"), Files.readString(file));
            }
        }
        return new ConfigMapBuilder().withNewMetadata().withName(name).endMetadata().withData(data).build();
    }
}
