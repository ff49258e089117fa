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
import dev.bundlectl.executor.testing.RealApiServer;
import dev.bundlectl.executor.testing.RealApiServerExtension;
import dev.bundlectl.source.SourceSettings;
import dev.bundlectl.source.registry.RegistryOptions;
import dev.bundlectl.source.testing.RealRegistry;
import dev.bundlectl.source.testing.SampleImages;
import dev.bundlectl.source.testing.RealRegistryExtension;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The controller end to end on the real API server and the real registry, with bundlectl's own
 * pipeline: a BundleInstall of the sample bundle image ends Complete with per-step statuses (the
 * optional steps NotCreated where their APIs are not served), a deleted object comes back on the
 * next resync, and deleting the BundleInstall removes what it created.
 */
@ExtendWith({RealApiServerExtension.class, RealRegistryExtension.class})
@Tag(RealApiServer.SMOKE_ON_OLDEST)
class RealServerControllerInstallTest {

    private static final Duration WAIT = Duration.ofSeconds(120);

    @TempDir
    Path temp;

    @Test
    void aBundleInstallOfTheSampleImageEndsCompleteRepairsDriftAndUninstallsOnDelete(
            @RealApiServerExtension.Served(RealApiServer.Flavour.OLM) RealApiServer server, RealRegistry registry) {
        String image = SampleImages.pushAll(registry);
        installCrd(server);
        KubernetesClient client = server.client();
        RealCluster cluster = RealCluster.in(server, "bi-e2e");
        String ns = cluster.namespace();
        PipelineInstaller installer = new PipelineInstaller(new InstallerConnections(server.connect(), true),
                new SourceSettings(RegistryOptions.defaults(), temp.resolve("cache"), false),
                ApplySettings.defaults(), Clock.systemUTC());
        Reconciler reconciler = new Reconciler(new BundleInstallClient(client), installer,
                new EventRecorder(client, "e2e"), Clock.systemUTC());
        ControllerSettings settings = new ControllerSettings(ns, 2, Duration.ofSeconds(3), Duration.ofMillis(500),
                Duration.ofSeconds(5), "e2e", null);
        try (Controller controller = new Controller(client, reconciler, settings, true)) {
            controller.start();
            long applied = System.nanoTime();
            client.genericKubernetesResources(BundleInstallKind.context()).inNamespace(ns).resource(
                    Serialization.unmarshal("""
                            apiVersion: bundlectl.dev/v1alpha1
                            kind: BundleInstall
                            metadata: {name: cachebox}
                            spec: {source: {image: %s}}
                            """.formatted(image), GenericKubernetesResource.class)).create();

            GenericKubernetesResource done = await(client, ns, object -> "Complete".equals(status(object, "phase")),
                    "Complete");
            long latencyMillis = (System.nanoTime() - applied) / 1_000_000;
            System.out.println("[bundlectl] controller reconcile latency, apply to Complete: " + latencyMillis + " ms");

            assertThat((String) status(done, "bundleImage")).startsWith(registry.address()
                    + "/samples/cachebox-operator-bundle@sha256:");
            Map<String, String> statusByKind = stepStatuses(done);
            assertThat(statusByKind).containsEntry("ClusterServiceVersion/cachebox-operator.v0.3.1", "Created")
                    .containsEntry("ConfigMap/cachebox-defaults", "Created");
            assertThat(statusByKind.get("ServiceMonitor/cachebox-operator-metrics"))
                    .isEqualTo(served(client, "servicemonitors.monitoring.coreos.com") ? "Created" : "NotCreated");
            assertThat(client.configMaps().inNamespace(ns).withName("cachebox-defaults").get()).isNotNull();

            // status lists the BundleInstall beside the install records its installs wrote.
            CliRun status = cluster.run("status", "-n", ns);
            assertThat(status.exitCode()).as(status.toString()).isZero();
            assertThat(status.out()).contains("BundleInstalls (kept by bundlectl controller):")
                    .containsPattern(ns + "\\s+cachebox\\s+Complete\\s+Automatic\\s+sha256:[0-9a-f]{64}");

            // Drift: the ConfigMap is deleted by hand; the next resync puts it back.
            client.configMaps().inNamespace(ns).withName("cachebox-defaults").delete();
            awaitTrue(() -> client.configMaps().inNamespace(ns).withName("cachebox-defaults").get() != null,
                    "the resync to re-create the deleted ConfigMap");

            client.genericKubernetesResources(BundleInstallKind.context()).inNamespace(ns).withName("cachebox").delete();
            await(client, ns, object -> object == null, "the BundleInstall to be gone");
            assertThat(client.configMaps().inNamespace(ns).withName("cachebox-defaults").get()).isNull();
            assertThat(client.genericKubernetesResources("operators.coreos.com/v1alpha1", "ClusterServiceVersion")
                    .inNamespace(ns).withName("cachebox-operator.v0.3.1").get()).isNull();
        }
    }

    static void installCrd(RealApiServer server) {
        synchronized (RealServerControllerInstallTest.class) {
            if (server.client().apiextensions().v1().customResourceDefinitions()
                    .withName(BundleInstallKind.CRD_NAME).get() == null) {
                server.createCrds(TestPaths.inRepo("deploy/crd.yaml"));
            }
        }
    }

    private static boolean served(KubernetesClient client, String crd) {
        return client.apiextensions().v1().customResourceDefinitions().withName(crd).get() != null;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, String> stepStatuses(GenericKubernetesResource object) {
        Map<String, String> byObject = new java.util.TreeMap<>();
        for (Object step : (List<Object>) status(object, "plan")) {
            Map<String, Object> s = (Map<String, Object>) step;
            Map<String, Object> resource = (Map<String, Object>) s.get("resource");
            byObject.put(resource.get("kind") + "/" + resource.get("name"), (String) s.get("status"));
        }
        return byObject;
    }

    @SuppressWarnings("unchecked")
    static Object status(GenericKubernetesResource object, String field) {
        if (object == null || !(object.getAdditionalProperties().get("status") instanceof Map<?, ?> status)) {
            return null;
        }
        return ((Map<String, Object>) status).get(field);
    }

    /** Polls the BundleInstall {@code cachebox} in {@code ns} until {@code condition} holds, for up to two minutes. */
    static GenericKubernetesResource await(KubernetesClient client, String ns,
            Predicate<GenericKubernetesResource> condition, String what) {
        return awaitNamed(client, ns, "cachebox", condition, what);
    }

    /** Polls the BundleInstall {@code ns/name} until {@code condition} holds (null: gone), for up to two minutes. */
    static GenericKubernetesResource awaitNamed(KubernetesClient client, String ns, String name,
            Predicate<GenericKubernetesResource> condition, String what) {
        long deadline = System.nanoTime() + WAIT.toNanos();
        GenericKubernetesResource last = null;
        while (System.nanoTime() < deadline) {
            last = client.genericKubernetesResources(BundleInstallKind.context()).inNamespace(ns).withName(name)
                    .get();
            if (condition.test(last)) {
                return last;
            }
            sleep();
        }
        throw new AssertionError("timed out waiting for " + what + "; last seen: "
                + (last == null ? "gone" : Serialization.asYaml(last.getAdditionalProperties().get("status"))));
    }

    private static void awaitTrue(java.util.function.BooleanSupplier condition, String what) {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting for " + what);
            }
            sleep();
        }
    }

    private static void sleep() {
        try {
            Thread.sleep(200);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }
}
