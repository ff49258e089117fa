package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
import dev.bundlectl.source.testing.RealRegistryExtension;
import dev.bundlectl.source.testing.SampleImages;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A BundleInstall's {@code spec.config} with the controller and bundlectl's own pipeline, on the
 * real API server and the real registry (docs/controller.md): the install ends {@code Complete}
 * with the Deployment configured; editing {@code spec.config} plans again and reconfigures it, and
 * with {@code approval: Manual} only once the new plan is approved; a shape the CRD's schema
 * refuses is refused when written, and anything else the API server would refuse in a pod template
 * (a field OLM's {@code SubscriptionConfig} lacks among them) fails the object before planning, the
 * field named.
 */
@ExtendWith({RealApiServerExtension.class, RealRegistryExtension.class})
class RealServerControllerConfigTest {

    private static final String CONFIG = """
            config:
              nodeSelector: {node-role.kubernetes.io/infra: ""}
              tolerations: [{key: node-role.kubernetes.io/infra, operator: Exists, effect: NoSchedule}]
              resources: {limits: {memory: 512Mi}}
              env: [{name: LOG_LEVEL, value: debug}]
            """;

    @TempDir
    Path temp;

    @Test
    void aBundleInstallWithConfigEndsCompleteConfiguredAndAnEditReconfiguresIt(RealApiServer server,
            RealRegistry registry) {
        String image = SampleImages.pushAll(registry);
        RealServerControllerInstallTest.installCrd(server);
        KubernetesClient client = server.client();
        String ns = server.newNamespace("bi-config");
        try (Controller controller = controller(server, ns)) {
            create(client, ns, image, "Automatic");

            RealServerControllerInstallTest.await(client, ns, object -> "Complete".equals(phase(object)), "Complete");
            assertThat(memoryLimit(deployment(client, ns))).isEqualTo("512Mi");
            assertThat(deployment(client, ns).getSpec().getTemplate().getSpec().getNodeSelector())
                    .containsEntry("node-role.kubernetes.io/infra", "");
            assertThat(deployment(client, ns).getSpec().getTemplate().getSpec().getContainers().get(0).getEnv())
                    .anySatisfy(env -> assertThat(env.getName() + "=" + env.getValue()).isEqualTo("LOG_LEVEL=debug"));

            editConfig(client, ns, config -> withMemory(config, "1Gi"));

            awaitDeployment(client, ns, deployment -> "1Gi".equals(memoryLimit(deployment)), "the new memory limit");
            RealServerControllerInstallTest.await(client, ns, object -> "Complete".equals(phase(object))
                    && Integer.valueOf(2).equals(RealServerControllerInstallTest.status(object, "observedGeneration")),
                    "Complete for the edited spec");
        }
    }

    @Test
    void withManualApprovalAnEditedConfigWaitsForItsPlansApproval(RealApiServer server, RealRegistry registry) {
        String image = SampleImages.pushAll(registry);
        RealServerControllerInstallTest.installCrd(server);
        KubernetesClient client = server.client();
        String ns = server.newNamespace("bi-config-manual");
        try (Controller controller = controller(server, ns)) {
            create(client, ns, image, "Manual");
            String first = digestAwaitingApproval(client, ns, null);
            approve(client, ns, first);
            RealServerControllerInstallTest.await(client, ns, object -> "Complete".equals(phase(object)), "Complete");
            assertThat(memoryLimit(deployment(client, ns))).isEqualTo("512Mi");

            editConfig(client, ns, config -> withMemory(config, "1Gi"));

            String second = digestAwaitingApproval(client, ns, first);
            assertThat(memoryLimit(deployment(client, ns))).as("not before the new plan is approved").isEqualTo("512Mi");
            approve(client, ns, second);
            awaitDeployment(client, ns, deployment -> "1Gi".equals(memoryLimit(deployment)), "the approved memory limit");
        }
    }

    @Test
    void aBadConfigIsRefusedByTheCrdOrFailsTheObjectNamingTheField(RealApiServer server, RealRegistry registry) {
        String image = SampleImages.pushAll(registry);
        RealServerControllerInstallTest.installCrd(server);
        KubernetesClient client = server.client();
        String ns = server.newNamespace("bi-config-bad");

        assertThatThrownBy(() -> create(client, ns, image, "Automatic",
                "config: {tolerations: [{key: a, operator: Sometimes}]}"))
                .isInstanceOf(KubernetesClientException.class)
                .hasMessageContaining("spec.config.tolerations[0].operator: Unsupported value: \"Sometimes\"");

        try (Controller controller = controller(server, ns)) {
            create(client, ns, image, "Automatic", """
                    config:
                      nodeSelectors: {a: b}
                      resources: {requests: {memory: 2Gi}, limits: {memory: 1Gi}}
                    """);

            GenericKubernetesResource failed = RealServerControllerInstallTest.await(client, ns,
                    object -> "Failed".equals(phase(object)), "Failed");
            assertThat((String) RealServerControllerInstallTest.status(failed, "message"))
                    .contains("spec.config.nodeSelectors: Unknown field: OLM's SubscriptionConfig has no such field");
            assertThat(client.apps().deployments().inNamespace(ns).list().getItems()).as("nothing planned").isEmpty();

            client.genericKubernetesResources(BundleInstallKind.context()).inNamespace(ns).withName("cachebox").edit(
                    object -> {
                        @SuppressWarnings("unchecked")
                        Map<String, Object> config = (Map<String, Object>) ((Map<String, Object>) object
                                .getAdditionalProperties().get("spec")).get("config");
                        config.remove("nodeSelectors");
                        return object;
                    });
            GenericKubernetesResource still = RealServerControllerInstallTest.await(client, ns, object -> "Failed"
                    .equals(phase(object)) && Integer.valueOf(2).equals(RealServerControllerInstallTest.status(object,
                            "observedGeneration")), "Failed again");
            assertThat((String) RealServerControllerInstallTest.status(still, "message"))
                    .contains("spec.config.resources.requests[memory]: Invalid value: \"2Gi\": must be less than or "
                            + "equal to memory limit of 1Gi");
        }
    }

    private Controller controller(RealApiServer server, String ns) {
        KubernetesClient client = server.client();
        PipelineInstaller installer = new PipelineInstaller(new InstallerConnections(server.connect(), true),
                new SourceSettings(RegistryOptions.defaults(), temp.resolve("cache"), false),
                ApplySettings.defaults(), Clock.systemUTC());
        Reconciler reconciler = new Reconciler(new BundleInstallClient(client), installer,
                new EventRecorder(client, "config"), Clock.systemUTC());
        ControllerSettings settings = new ControllerSettings(ns, 2, Duration.ofSeconds(3), Duration.ofMillis(500),
                Duration.ofSeconds(5), "config", null);
        Controller controller = new Controller(client, reconciler, settings, true);
        controller.start();
        return controller;
    }

    private static void create(KubernetesClient client, String ns, String image, String approval) {
        create(client, ns, image, approval, CONFIG);
    }

    private static void create(KubernetesClient client, String ns, String image, String approval, String config) {
        String spec = """
                apiVersion: bundlectl.dev/v1alpha1
                kind: BundleInstall
                metadata: {name: cachebox}
                spec:
                  source: {image: %s}
                  approval: %s
                """.formatted(image, approval) + config.indent(2);
        client.genericKubernetesResources(BundleInstallKind.context()).inNamespace(ns)
                .resource(Serialization.unmarshal(spec, GenericKubernetesResource.class)).create();
    }

    @SuppressWarnings("unchecked")
    private static void editConfig(KubernetesClient client, String ns,
            Function<Map<String, Object>, Map<String, Object>> change) {
        client.genericKubernetesResources(BundleInstallKind.context()).inNamespace(ns).withName("cachebox")
                .edit(object -> {
                    Map<String, Object> spec = (Map<String, Object>) object.getAdditionalProperties().get("spec");
                    spec.put("config", change.apply((Map<String, Object>) spec.get("config")));
                    return object;
                });
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> withMemory(Map<String, Object> config, String memory) {
        ((Map<String, Object>) ((Map<String, Object>) config.get("resources")).get("limits")).put("memory", memory);
        return config;
    }

    private static String digestAwaitingApproval(KubernetesClient client, String ns, String notThis) {
        GenericKubernetesResource waiting = RealServerControllerInstallTest.await(client, ns,
                object -> "RequiresApproval".equals(phase(object))
                        && !String.valueOf(notThis).equals(RealServerControllerInstallTest.status(object, "planDigest")),
                "RequiresApproval");
        return (String) RealServerControllerInstallTest.status(waiting, "planDigest");
    }

    @SuppressWarnings("unchecked")
    private static void approve(KubernetesClient client, String ns, String digest) {
        client.genericKubernetesResources(BundleInstallKind.context()).inNamespace(ns).withName("cachebox")
                .edit(object -> {
                    ((Map<String, Object>) object.getAdditionalProperties().get("spec")).put("approvedPlan", digest);
                    return object;
                });
    }

    private static String phase(GenericKubernetesResource object) {
        return (String) RealServerControllerInstallTest.status(object, "phase");
    }

    private static Deployment deployment(KubernetesClient client, String ns) {
        return client.apps().deployments().inNamespace(ns).withName("cachebox-operator").get();
    }

    private static String memoryLimit(Deployment deployment) {
        return deployment == null ? null : String.valueOf(deployment.getSpec().getTemplate().getSpec().getContainers()
                .get(0).getResources().getLimits().get("memory"));
    }

    private static void awaitDeployment(KubernetesClient client, String ns,
            java.util.function.Predicate<Deployment> condition, String what) {
        long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
        while (!condition.test(deployment(client, ns))) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting for " + what + "; last seen: "
                        + memoryLimit(deployment(client, ns)));
            }
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted", e);
            }
        }
    }
}
