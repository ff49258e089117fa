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
import dev.bundlectl.executor.testing.KubeletStandIn;
import dev.bundlectl.executor.testing.RealOlm;
import dev.bundlectl.executor.testing.RealOlmExtension;
import dev.bundlectl.source.SourceSettings;
import dev.bundlectl.source.registry.RegistryOptions;
import dev.bundlectl.source.testing.RealRegistry;
import dev.bundlectl.source.testing.RealRegistryExtension;
import dev.bundlectl.source.testing.SampleImages;
import dev.bundlectl.executor.testing.RealApiServer;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.fabric8.kubernetes.client.utils.Serialization;
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
 * The controller in OLM mode with the real olm-operator judging: a BundleInstall is Complete once
 * its steps are applied, and its {@code OperatorRunning} condition turns True only when OLM reports
 * the CSV {@code Succeeded}; until then the controller looks again each round (it is level-based,
 * so it always waits). {@link KubeletStandIn} marks OLM's Deployments available: nothing runs Pods.
 */
@ExtendWith({RealOlmExtension.class, RealRegistryExtension.class})
@Tag(RealApiServer.SMOKE_ON_OLDEST)
class RealServerControllerOlmTest {

    private static final String CSV = "cachebox-operator.v0.3.1";
    private static final ResourceDefinitionContext CSVS = new ResourceDefinitionContext.Builder()
            .withGroup("operators.coreos.com").withVersion("v1alpha1").withKind("ClusterServiceVersion")
            .withPlural("clusterserviceversions").withNamespaced(true).build();

    @TempDir
    Path temp;

    @Test
    void aBundleInstallReportsTheOperatorRunningOnlyOnceOlmSaysSucceeded(RealOlm olm, RealRegistry registry) {
        String image = SampleImages.pushAll(registry);
        RealServerControllerInstallTest.installCrd(olm.server());
        KubernetesClient client = olm.server().client();
        String ns = olm.server().newNamespace("bi-olm");
        PipelineInstaller installer = new PipelineInstaller(new InstallerConnections(olm.server().connect(), true),
                new SourceSettings(RegistryOptions.defaults(), temp.resolve("cache"), false),
                ApplySettings.defaults(), Clock.systemUTC());
        Reconciler reconciler = new Reconciler(new BundleInstallClient(client), installer,
                new EventRecorder(client, "olm"), Clock.systemUTC());
        ControllerSettings settings = new ControllerSettings(ns, 2, Duration.ofSeconds(30), Duration.ofMillis(500),
                Duration.ofSeconds(2), "olm", null);
        try (Controller controller = new Controller(client, reconciler, settings, true)) {
            controller.start();
            client.genericKubernetesResources(BundleInstallKind.context()).inNamespace(ns).resource(
                    Serialization.unmarshal("""
                            apiVersion: bundlectl.dev/v1alpha1
                            kind: BundleInstall
                            metadata: {name: cachebox}
                            spec: {source: {image: %s}}
                            """.formatted(image), GenericKubernetesResource.class)).create();

            GenericKubernetesResource waiting = RealServerControllerInstallTest.await(client, ns, object -> "Unknown".equals(running(object)),
                    "Complete with the operator not yet running");
            assertThat(phase(waiting)).isEqualTo("Complete");
            assertThat(client.genericKubernetesResources(CSVS).inNamespace(ns).withName(CSV).get()).isNotNull();

            try (KubeletStandIn.Background kubelet = KubeletStandIn.of(olm.server()).start(ns, CSV)) {
                GenericKubernetesResource runningNow = RealServerControllerInstallTest.await(client, ns, object -> "True".equals(running(object)),
                        "OperatorRunning True");
                assertThat(condition(runningNow, "OperatorRunning")).containsEntry("reason", "InstallSucceeded");
                assertThat(phase(runningNow)).isEqualTo("Complete");
            }
            client.genericKubernetesResources(BundleInstallKind.context()).inNamespace(ns).withName("cachebox").delete();
            RealServerControllerInstallTest.await(client, ns, object -> object == null, "the BundleInstall to be gone");
            assertThat(client.genericKubernetesResources(CSVS).inNamespace(ns).withName(CSV).get()).isNull();
        } finally {
            client.genericKubernetesResources(CSVS).inNamespace(ns).delete();
        }
    }

    private static String running(GenericKubernetesResource object) {
        Map<String, Object> condition = condition(object, "OperatorRunning");
        return condition == null ? null : (String) condition.get("status");
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> condition(GenericKubernetesResource object, String type) {
        if (object == null || !(object.getAdditionalProperties().get("status") instanceof Map<?, ?> status)) {
            return null;
        }
        for (Object condition : (List<Object>) ((Map<String, Object>) status).getOrDefault("conditions", List.of())) {
            if (type.equals(((Map<String, Object>) condition).get("type"))) {
                return (Map<String, Object>) condition;
            }
        }
        return null;
    }

    private static String phase(GenericKubernetesResource object) {
        return (String) RealServerControllerInstallTest.status(object, "phase");
    }
}
