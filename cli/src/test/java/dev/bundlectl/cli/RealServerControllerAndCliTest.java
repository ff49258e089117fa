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
import dev.bundlectl.cluster.connect.ClusterConnection;
import dev.bundlectl.executor.lock.Acquisition;
import dev.bundlectl.executor.lock.HeldLock;
import dev.bundlectl.executor.lock.LockHolders;
import dev.bundlectl.executor.lock.LockState;
import dev.bundlectl.executor.lock.LockTarget;
import dev.bundlectl.executor.lock.PackageLock;
import dev.bundlectl.executor.testing.Await;
import dev.bundlectl.executor.testing.RealApiServer;
import dev.bundlectl.executor.testing.RealApiServerExtension;
import dev.bundlectl.executor.testing.RealApiServerExtension.Served;
import dev.bundlectl.source.SourceSettings;
import dev.bundlectl.source.registry.RegistryOptions;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The controller and the command line on one package in one namespace, on the real API server: they
 * are one install (one owner, one lock). While a command line's operation holds the lock, the
 * controller's reconcile waits (condition reason {@code LockHeld}, naming the holder) and tries
 * again; the command line meets the controller's lock the same way; the objects end with one
 * owner's mark, and deleting the BundleInstall removes them (docs/semantics.md §3, §8).
 */
@ExtendWith(RealApiServerExtension.class)
class RealServerControllerAndCliTest {

    private static final Duration WAIT = Duration.ofSeconds(120);

    @TempDir
    Path temp;

    @Test
    void theControllerAndTheCommandLineTakeTurnsOnOnePackage(
            @Served(value = RealApiServer.Flavour.PLAIN, controllers = true) RealApiServer server) throws Exception {
        RealServerControllerInstallTest.installCrd(server);
        KubernetesClient client = server.client();
        RealCluster cluster = RealCluster.in(server, "turns");
        String ns = cluster.namespace();
        Path bundle = SampleCopies.renamed(temp.resolve("turnbox"), "turnbox");
        client.configMaps().inNamespace(ns).resource(packed("turnbox-bundle", bundle)).create();

        // A command line's operation holds the lock.
        ClusterConnection cli = server.connect();
        PackageLock lock = new PackageLock(cli.api(), cli.vertx(), new LockTarget(ns, "turnbox-operator"));
        HeldLock held = ((Acquisition.Acquired) Await.result(lock.acquire((LockState.Free) Await.result(lock.read()),
                "laptop/pid 777", "install turnbox-operator.v0.3.1"))).lock();

        ClusterConnection connection = server.connect();
        try (InstallerConnections installers = new InstallerConnections(connection, true);
                Controller controller = controller(client, installers, ns)) {
            controller.start();
            client.genericKubernetesResources(BundleInstallKind.context()).inNamespace(ns).resource(Serialization
                    .unmarshal("""
                            apiVersion: bundlectl.dev/v1alpha1
                            kind: BundleInstall
                            metadata: {name: turnbox}
                            spec: {source: {configMap: turnbox-bundle}}
                            """, GenericKubernetesResource.class)).create();

            GenericKubernetesResource waiting = await(client, ns, object -> "LockHeld".equals(failedReason(object)));
            assertThat((String) RealServerControllerInstallTest.status(waiting, "message"))
                    .contains("another operation holds the lock of turnbox-operator in namespace " + ns
                            + ": install turnbox-operator.v0.3.1 by laptop/pid 777");
            assertThat(client.configMaps().inNamespace(ns).withName("turnbox-defaults").get())
                    .as("the controller wrote nothing meanwhile").isNull();

            Await.result(held.release());
            await(client, ns, object -> "Complete".equals(RealServerControllerInstallTest.status(object, "phase")));

            // The command line's install of the same package is the same install: it re-runs what the controller made.
            CliRun rerun = cluster.run("install", bundle.toString(), "-n", ns, "--wait-for-lock=60s");
            assertThat(rerun.exitCode()).as(rerun.toString()).isZero();
            assertThat(client.configMaps().inNamespace(ns).withName("turnbox-defaults").get().getMetadata()
                    .getAnnotations()).satisfies(annotations -> OwnerAnnotations.assertOwnedOnlyBy(annotations,
                            "turnbox-operator", ns));

            client.genericKubernetesResources(BundleInstallKind.context()).inNamespace(ns).withName("turnbox").delete();
            await(client, ns, object -> object == null);
        }
        RealServerManyHandsTest.assertNothingOf(cluster, bundle, ns);
    }

    private Controller controller(KubernetesClient client, InstallerConnections installers, String namespace) {
        PipelineInstaller installer = new PipelineInstaller(installers, new SourceSettings(RegistryOptions.defaults(),
                temp.resolve("cache"), false), ApplySettings.defaults(), Clock.systemUTC(),
                LockHolders.controller("turns-test"));
        Reconciler reconciler = new Reconciler(new BundleInstallClient(client), installer,
                new EventRecorder(client, "turns-test"), Clock.systemUTC());
        return new Controller(client, reconciler, new ControllerSettings(namespace, 2, Duration.ofMinutes(5),
                Duration.ofMillis(500), Duration.ofSeconds(2), "turns-test", null), true);
    }

    private static io.fabric8.kubernetes.api.model.ConfigMap packed(String name, Path bundle) throws Exception {
        Map<String, String> data = new TreeMap<>();
        try (Stream<Path> files = Files.walk(bundle)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                data.put(bundle.relativize(file).toString().replace(java.io.File.separator, "__"), Files.readString(file));
            }
        }
        return new ConfigMapBuilder().withNewMetadata().withName(name).endMetadata().withData(data).build();
    }

    @SuppressWarnings("unchecked")
    private static String failedReason(GenericKubernetesResource object) {
        Object conditions = RealServerControllerInstallTest.status(object, "conditions");
        if (!(conditions instanceof List<?> list)) {
            return null;
        }
        for (Object condition : list) {
            Map<String, Object> fields = (Map<String, Object>) condition;
            if ("Failed".equals(fields.get("type")) && "True".equals(fields.get("status"))) {
                return (String) fields.get("reason");
            }
        }
        return null;
    }

    private static GenericKubernetesResource await(KubernetesClient client, String namespace,
            Predicate<GenericKubernetesResource> condition) throws InterruptedException {
        long deadline = System.nanoTime() + WAIT.toNanos();
        GenericKubernetesResource last = null;
        while (System.nanoTime() < deadline) {
            last = client.genericKubernetesResources(BundleInstallKind.context()).inNamespace(namespace)
                    .withName("turnbox").get();
            if (condition.test(last)) {
                return last;
            }
            Thread.sleep(200);
        }
        throw new AssertionError("timed out; last seen: " + (last == null ? "gone"
                : Serialization.asYaml(last.getAdditionalProperties().get("status"))));
    }
}
