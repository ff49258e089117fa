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
import dev.bundlectl.executor.testing.OlmShapedInstall;
import dev.bundlectl.executor.testing.RealOlm;
import dev.bundlectl.executor.testing.RealOlmExtension;
import dev.bundlectl.source.SourceSettings;
import dev.bundlectl.source.registry.RegistryOptions;
import dev.bundlectl.source.testing.ImagePusher;
import dev.bundlectl.source.testing.RealRegistry;
import dev.bundlectl.source.testing.RealRegistryExtension;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Adoptions whose bundle is an image in a real registry (docs/semantics.md §11): {@code adopt} with
 * neither {@code --bundle} nor {@code --catalog} pulls the bundle image OLM's InstallPlan names in
 * its {@code bundleLookups}; and the controller refuses a BundleInstall of a package OLM manages
 * ({@code ManagedByOlm}) until its {@code spec.adopt} is true, then adopts it as {@code adopt} does.
 */
@ExtendWith({RealOlmExtension.class, RealRegistryExtension.class})
class RealServerAdoptFromImageTest {

    private final List<RealCluster> clusters = new ArrayList<>();

    @TempDir
    Path temp;

    @AfterEach
    void deleteWhatTheTestLeft() {
        clusters.forEach(OlmObjects::deleteCsvsAndGroups);
    }

    @Test
    void adoptPullsTheBundleImageOlmsInstallPlanNames(RealOlm olm, RealRegistry registry) throws Exception {
        RealCluster cluster = cluster(olm, "adopt-image");
        String ns = cluster.namespace();
        String image = pushed(registry, "adoptimg");
        OlmShapedInstall.Installed installed = OlmShapedInstall.of(olm, ns, temp.resolve("adoptimg"))
                .bundleImage(image).install();

        CliRun run = cluster.run("adopt", "--package", installed.packageName(), "-n", ns, "--cache-dir",
                temp.resolve("cache").toString());

        assertThat(run.exitCode()).as(run + "\n" + olm.logTail(30)).isZero();
        assertThat(run.out()).contains("bundle: " + image).contains("the bundle matches what runs")
                .contains("Removed Subscription " + ns + "/" + installed.subscription());
        CliRun status = cluster.run("status", "-n", ns);
        assertThat(status.out()).contains("adoptimg-operator").doesNotContain("Operators managed by OLM");
    }

    @Test
    void theControllerRefusesWhatOlmManagesUntilTheSpecSaysAdoptThenTakesItOver(RealOlm olm, RealRegistry registry)
            throws Exception {
        RealCluster cluster = cluster(olm, "adopt-controller");
        String ns = cluster.namespace();
        String image = pushed(registry, "adoptctl");
        OlmShapedInstall.Installed installed = OlmShapedInstall.of(olm, ns, temp.resolve("adoptctl"))
                .bundleImage(image).install();
        GenericKubernetesResource csvBefore = OlmObjects.csv(cluster, installed.csv());
        RealServerControllerInstallTest.installCrd(olm.server());
        KubernetesClient client = olm.server().client();
        PipelineInstaller installer = new PipelineInstaller(new InstallerConnections(olm.server().connect(), true),
                new SourceSettings(RegistryOptions.defaults(), temp.resolve("cache"), false), ApplySettings.defaults(),
                Clock.systemUTC());
        Reconciler reconciler = new Reconciler(new BundleInstallClient(client), installer,
                new EventRecorder(client, "adopt"), Clock.systemUTC());
        ControllerSettings settings = new ControllerSettings(ns, 2, Duration.ofSeconds(30), Duration.ofMillis(500),
                Duration.ofSeconds(2), "adopt", null);
        try (Controller controller = new Controller(client, reconciler, settings, true)) {
            controller.start();
            client.genericKubernetesResources(BundleInstallKind.context()).inNamespace(ns).resource(
                    Serialization.unmarshal("""
                            apiVersion: bundlectl.dev/v1alpha1
                            kind: BundleInstall
                            metadata: {name: cachebox}
                            spec: {source: {image: %s}}
                            """.formatted(image), GenericKubernetesResource.class)).create();

            GenericKubernetesResource refused = RealServerControllerInstallTest.await(client, ns,
                    object -> "Failed".equals(RealServerControllerInstallTest.status(object, "phase")),
                    "Failed: managed by OLM");
            assertThat(failedCondition(refused)).containsEntry("reason", "ManagedByOlm");
            assertThat(String.valueOf(failedCondition(refused).get("message"))).contains("set spec.adopt: true");
            assertThat(client.genericKubernetesResources(OlmShapedInstall.SUBSCRIPTIONS).inNamespace(ns)
                    .withName(installed.subscription()).get()).as("OLM's Subscription, untouched").isNotNull();

            client.genericKubernetesResources(BundleInstallKind.context()).inNamespace(ns).withName("cachebox")
                    .edit(object -> {
                        @SuppressWarnings("unchecked")
                        Map<String, Object> spec = (Map<String, Object>) object.getAdditionalProperties().get("spec");
                        spec.put("adopt", true);
                        return object;
                    });
            GenericKubernetesResource adopted = RealServerControllerInstallTest.await(client, ns,
                    object -> "Complete".equals(RealServerControllerInstallTest.status(object, "phase")),
                    "Complete: adopted");

            // The adoption is the first entry. The next round plans the bundle as for any installed
            // package (no longer an adoption: its plan differs) and applies that once, at the same version.
            assertThat(history(adopted)).as("the history of an image's install").isNotEmpty()
                    .allSatisfy(entry -> assertThat(entry).containsEntry("version", "0.3.1")
                            .containsEntry("csv", installed.csv()));
            assertThat(client.genericKubernetesResources(OlmShapedInstall.SUBSCRIPTIONS).inNamespace(ns)
                    .withName(installed.subscription()).get()).as("OLM's Subscription, removed").isNull();
            GenericKubernetesResource csvAfter = OlmObjects.csv(cluster, installed.csv());
            assertThat(csvAfter.getMetadata().getUid()).isEqualTo(csvBefore.getMetadata().getUid());
            assertThat(OlmObjects.phaseOf(csvAfter)).isEqualTo("Succeeded");
        } finally {
            client.genericKubernetesResources(BundleInstallKind.context()).inNamespace(ns).withName("cachebox")
                    .edit(object -> {
                        object.getMetadata().setFinalizers(List.of());
                        return object;
                    });
        }
    }

    /** A renamed copy of the sample, written under {@code temp/prefix} and pushed as {@code samples/PREFIX-bundle:v0.3.1}. */
    private String pushed(RealRegistry registry, String prefix) throws Exception {
        Path bundle = SampleCopies.renamed("samples/bundles/cachebox-operator", temp.resolve(prefix), prefix);
        new ImagePusher(registry).pushBundle("samples/" + prefix + "-bundle", "v0.3.1", bundle);
        return registry.address() + "/samples/" + prefix + "-bundle:v0.3.1";
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> history(GenericKubernetesResource object) {
        Map<String, Object> status = (Map<String, Object>) object.getAdditionalProperties().get("status");
        return (List<Map<String, Object>>) status.getOrDefault("history", List.of());
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> failedCondition(GenericKubernetesResource object) {
        Map<String, Object> status = (Map<String, Object>) object.getAdditionalProperties().get("status");
        for (Object condition : (List<Object>) status.getOrDefault("conditions", List.of())) {
            if ("Failed".equals(((Map<String, Object>) condition).get("type"))) {
                return (Map<String, Object>) condition;
            }
        }
        throw new AssertionError("no Failed condition: " + status);
    }

    private RealCluster cluster(RealOlm olm, String prefix) {
        RealCluster cluster = RealCluster.in(olm.server(), prefix);
        clusters.add(cluster);
        return cluster;
    }
}
