package dev.bundlectl.controller.real;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.controller.api.BundleInstallKind;
import dev.bundlectl.controller.reconcile.BundleInstallClient;
import dev.bundlectl.controller.reconcile.EventRecorder;
import dev.bundlectl.controller.reconcile.Reconciler;
import dev.bundlectl.controller.runtime.Controller;
import dev.bundlectl.controller.runtime.ControllerSettings;
import dev.bundlectl.controller.testing.PlanningOnlyInstaller;
import dev.bundlectl.controller.testing.SampleBundles;
import dev.bundlectl.executor.testing.RealApiServer;
import dev.bundlectl.executor.testing.RealApiServerExtension;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The controller's own logic on a real API server: finalizer, status through the status
 * subresource, Manual approval by plan digest (and an approval going stale when the bundle changes),
 * deletion through the finalizer, and events. The installer here only plans and counts, so the test
 * sees exactly how often the controller installed; real installs are proven elsewhere.
 */
@ExtendWith(RealApiServerExtension.class)
@Tag(RealApiServer.SMOKE_ON_OLDEST)
class RealServerControllerFlowTest {

    private static final Duration WAIT = Duration.ofSeconds(60);

    private static Controller controller(KubernetesClient client, String namespace, PlanningOnlyInstaller installer) {
        Reconciler reconciler = new Reconciler(new BundleInstallClient(client), installer,
                new EventRecorder(client, "test"), Clock.systemUTC());
        ControllerSettings settings = new ControllerSettings(namespace, 2, Duration.ofSeconds(1),
                Duration.ofMillis(200), Duration.ofSeconds(2), "test", null);
        Controller controller = new Controller(client, reconciler, settings, true);
        controller.start();
        return controller;
    }

    @Test
    void automaticApprovalInstallsAndReportsEveryStep(RealApiServer server) {
        ControllerCluster.installCrd(server);
        String ns = server.newNamespace("bi-auto");
        PlanningOnlyInstaller installer = new PlanningOnlyInstaller(SampleBundles.cachebox());
        try (Controller ignored = controller(server.client(), ns, installer)) {
            ControllerCluster.create(server.client(), ns, """
                    apiVersion: bundlectl.dev/v1alpha1
                    kind: BundleInstall
                    metadata: {name: cachebox}
                    spec: {source: {image: 127.0.0.1:1/samples/cachebox:v0.3.1}}
                    """);
            GenericKubernetesResource done = ControllerCluster.await(server.client(), ns, "cachebox", WAIT, "Complete",
                    o -> "Complete".equals(ControllerCluster.phase(o)));

            assertThat(done.getMetadata().getFinalizers()).containsExactly(BundleInstallKind.FINALIZER);
            assertThat((List<?>) ControllerCluster.status(done, "plan")).isNotEmpty()
                    .allSatisfy(step -> assertThat(((Map<?, ?>) step).get("status")).isEqualTo("Created"));
            assertThat((String) ControllerCluster.status(done, "planDigest")).matches("sha256:[0-9a-f]{64}");
            assertThat(ControllerCluster.status(done, "observedGeneration")).isEqualTo(1);
            assertThat((List<?>) ControllerCluster.status(done, "history")).hasSize(1);
            assertThat(conditions(done)).containsEntry("Installed", "True").containsEntry("Progressing", "False")
                    .containsEntry("Failed", "False").containsEntry("ApprovalRequired", "False");
            // Resyncs come every second; the plan is unchanged, so they re-apply (drift repair) but add no history.
            sleep(Duration.ofSeconds(3));
            GenericKubernetesResource later = ControllerCluster.get(server.client(), ns, "cachebox");
            assertThat((List<?>) ControllerCluster.status(later, "history")).hasSize(1);
            assertThat(installer.installs()).isGreaterThan(1);
            assertThat(server.client().v1().events().inNamespace(ns).list().getItems())
                    .anySatisfy(event -> assertThat(event.getReason()).isEqualTo("Installed"));
        }
    }

    @Test
    void manualApprovalWaitsForTheDigestAndANewPlanNeedsANewApproval(RealApiServer server, @TempDir Path tmp) {
        ControllerCluster.installCrd(server);
        String ns = server.newNamespace("bi-manual");
        PlanningOnlyInstaller installer = new PlanningOnlyInstaller(SampleBundles.cachebox());
        KubernetesClient client = server.client();
        try (Controller ignored = controller(client, ns, installer)) {
            ControllerCluster.create(client, ns, """
                    apiVersion: bundlectl.dev/v1alpha1
                    kind: BundleInstall
                    metadata: {name: cachebox}
                    spec: {source: {image: 127.0.0.1:1/samples/cachebox:v0.3.1}, approval: Manual}
                    """);
            GenericKubernetesResource waiting = ControllerCluster.await(client, ns, "cachebox", WAIT,
                    "RequiresApproval", o -> "RequiresApproval".equals(ControllerCluster.phase(o)));
            String firstDigest = (String) ControllerCluster.status(waiting, "planDigest");
            assertThat(conditions(waiting)).containsEntry("ApprovalRequired", "True");
            assertThat((String) ControllerCluster.status(waiting, "message"))
                    .contains("requires approval").contains("bundlectl approve cachebox -n " + ns);
            sleep(Duration.ofSeconds(2));
            assertThat(installer.installs()).as("installs before approval").isZero();

            approve(client, ns, firstDigest);
            GenericKubernetesResource installed = ControllerCluster.await(client, ns, "cachebox", WAIT, "Complete",
                    o -> "Complete".equals(ControllerCluster.phase(o)));
            assertThat(ControllerCluster.status(installed, "planDigest")).isEqualTo(firstDigest);
            int installsOfFirstPlan = installer.installs();
            assertThat(installsOfFirstPlan).isPositive();

            // The bundle changes: the next resync plans something nobody approved.
            installer.switchTo(SampleBundles.changedCopy(tmp.resolve("v2"), "v2"));
            GenericKubernetesResource stale = ControllerCluster.await(client, ns, "cachebox", WAIT,
                    "RequiresApproval again", o -> "RequiresApproval".equals(ControllerCluster.phase(o)));
            String secondDigest = (String) ControllerCluster.status(stale, "planDigest");
            assertThat(secondDigest).isNotEqualTo(firstDigest);
            assertThat((String) ControllerCluster.status(stale, "message"))
                    .contains("the approved plan " + firstDigest + " is no longer the current plan " + secondDigest);
            sleep(Duration.ofSeconds(2));
            assertThat(installer.installs()).as("no install of the unapproved plan").isEqualTo(installsOfFirstPlan);

            approve(client, ns, secondDigest);
            GenericKubernetesResource upgraded = ControllerCluster.await(client, ns, "cachebox", WAIT,
                    "Complete with the new plan", o -> "Complete".equals(ControllerCluster.phase(o))
                            && secondDigest.equals(ControllerCluster.status(o, "planDigest")));
            assertThat((List<?>) ControllerCluster.status(upgraded, "history")).hasSize(2);
        }
    }

    @Test
    void deletingTheObjectUninstallsThenReleasesTheFinalizer(RealApiServer server) {
        ControllerCluster.installCrd(server);
        String ns = server.newNamespace("bi-delete");
        PlanningOnlyInstaller installer = new PlanningOnlyInstaller(SampleBundles.cachebox());
        KubernetesClient client = server.client();
        try (Controller ignored = controller(client, ns, installer)) {
            ControllerCluster.create(client, ns, """
                    apiVersion: bundlectl.dev/v1alpha1
                    kind: BundleInstall
                    metadata: {name: cachebox}
                    spec: {source: {image: 127.0.0.1:1/samples/cachebox:v0.3.1}}
                    """);
            ControllerCluster.await(client, ns, "cachebox", WAIT, "Complete",
                    o -> "Complete".equals(ControllerCluster.phase(o)));

            client.genericKubernetesResources(BundleInstallKind.context()).inNamespace(ns).withName("cachebox").delete();

            ControllerCluster.await(client, ns, "cachebox", WAIT, "the object to be gone", o -> o == null);
            assertThat(installer.uninstalls()).isEqualTo(1);
            assertThat(client.v1().events().inNamespace(ns).list().getItems())
                    .anySatisfy(event -> assertThat(event.getReason()).isEqualTo("Uninstalled"));
        }
    }

    private static void approve(KubernetesClient client, String ns, String digest) {
        client.genericKubernetesResources(BundleInstallKind.context()).inNamespace(ns).withName("cachebox")
                .edit(object -> {
                    @SuppressWarnings("unchecked")
                    Map<String, Object> spec = (Map<String, Object>) object.getAdditionalProperties().get("spec");
                    spec.put("approvedPlan", digest);
                    return object;
                });
    }

    @SuppressWarnings("unchecked")
    private static Map<String, String> conditions(GenericKubernetesResource object) {
        Map<String, String> byType = new java.util.TreeMap<>();
        for (Object condition : (List<Object>) ControllerCluster.status(object, "conditions")) {
            Map<String, Object> c = (Map<String, Object>) condition;
            byType.put((String) c.get("type"), (String) c.get("status"));
        }
        return byType;
    }

    private static void sleep(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
