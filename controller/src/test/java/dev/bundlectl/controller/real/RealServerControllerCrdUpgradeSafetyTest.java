package dev.bundlectl.controller.real;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.controller.runtime.Controller;
import dev.bundlectl.controller.testing.ConfigMapPacking;
import dev.bundlectl.controller.testing.SampleBundles;
import dev.bundlectl.executor.testing.RealApiServer;
import dev.bundlectl.executor.testing.RealApiServerExtension;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.apiextensions.v1.JSONSchemaProps;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The controller honours {@code spec.crdUpgradeSafety} (docs/semantics.md §9), on the real API server
 * with bundlectl's own pipeline, in render mode: with {@code Strict}, an upgrade whose {@code caches}
 * CRD removes a field and narrows an enum ends {@code Failed}, reason {@code CrdUpgradeUnsafe}, with
 * the findings and nothing written; set to {@code Warn}, the same upgrade installs, with a
 * {@code CrdUpgradeWarning} event. The sample is renamed {@code ctlsafe}, so that its CRDs are this
 * test's own.
 */
@ExtendWith(RealApiServerExtension.class)
class RealServerControllerCrdUpgradeSafetyTest {

    private static final Duration WAIT = Duration.ofSeconds(120);
    private static final String CRD = "caches.ctlsafe.bundlectl.dev";
    private static final String MEMORY = """
                            memory:
                              type: string
                              pattern: '^[0-9]+(Mi|Gi)$'
            """;

    @TempDir
    Path dir;

    @Test
    void strictRefusesTheUpgradeWritingNothingAndWarnInstallsItWithAWarning(
            @RealApiServerExtension.Served(RealApiServer.Flavour.OLM) RealApiServer server) {
        ControllerCluster.installCrd(server);
        KubernetesClient client = server.client();
        String ns = server.newNamespace("bi-crd-safety");
        Path older = SampleBundles.renamedCopy(dir.resolve("old"), "samples/bundles/cachebox-operator", "ctlsafe",
                crd -> replaced(crd, MEMORY, MEMORY + tier("bronze, silver, gold")));
        Path newer = SampleBundles.renamedCopy(dir.resolve("new"), "samples/bundles/cachebox-operator-v0.4.0", "ctlsafe",
                crd -> replaced(crd, MEMORY, tier("bronze, silver")));
        client.configMaps().inNamespace(ns).resource(ConfigMapPacking.pack("ctlsafe-old", older)).create();
        client.configMaps().inNamespace(ns).resource(ConfigMapPacking.pack("ctlsafe-new", newer)).create();
        try (Controller ignored = PipelineControllers.started(client, ns, PipelineControllers.installer(server,
                dir.resolve("cache")), Duration.ofMinutes(5))) {
            ControllerCluster.create(client, ns, """
                    apiVersion: bundlectl.dev/v1alpha1
                    kind: BundleInstall
                    metadata: {name: ctlsafe}
                    spec: {source: {configMap: ctlsafe-old}, csvMode: render, crdUpgradeSafety: Strict}
                    """);
            ControllerCluster.await(client, ns, "ctlsafe", WAIT, "0.3.1 Complete",
                    o -> "Complete".equals(ControllerCluster.phase(o)));
            Map<String, String> versionsBefore = resourceVersions(client, ns);

            ControllerCluster.editSpec(client, ns, "ctlsafe", spec -> spec.put("source", Map.of("configMap",
                    "ctlsafe-new")));
            GenericKubernetesResource refused = ControllerCluster.await(client, ns, "ctlsafe", WAIT, "Failed",
                    o -> "Failed".equals(ControllerCluster.phase(o)));

            String message = (String) ControllerCluster.status(refused, "message");
            assertThat(message).startsWith("spec.crdUpgradeSafety is Strict and its CRD updates would break 2 thing(s): "
                    + CRD + " v1alpha1 .spec.memory: existingFieldRemoval: removed (was a field of type string); "
                    + CRD + " v1alpha1 .spec.tier: enum: values removed: \"gold\"").endsWith("; nothing was applied");
            assertThat(failedReason(refused)).isEqualTo("CrdUpgradeUnsafe");
            assertThat(resourceVersions(client, ns)).as("nothing written").isEqualTo(versionsBefore);
            assertThat(specFields(client)).containsKeys("memory", "tier");

            ControllerCluster.editSpec(client, ns, "ctlsafe", spec -> spec.put("crdUpgradeSafety", "Warn"));
            ControllerCluster.await(client, ns, "ctlsafe", WAIT, "0.4.0 Complete",
                    o -> "Complete".equals(ControllerCluster.phase(o))
                            && "0.4.0".equals(version(o)));

            assertThat(specFields(client)).doesNotContainKey("memory").containsKey("tier");
            ControllerCluster.awaitTrue(Duration.ofSeconds(10), () -> client.v1().events().inNamespace(ns).list()
                    .getItems().stream().anyMatch(event -> "CrdUpgradeWarning".equals(event.getReason())
                            && event.getMessage().contains(CRD + " v1alpha1 .spec.memory: existingFieldRemoval")),
                    "a CrdUpgradeWarning event");
        }
    }

    private static String tier(String values) {
        return """
                            tier:
                              type: string
                              enum: [%s]
            """.formatted(values);
    }

    private static String replaced(String text, String from, String to) {
        assertThat(text).as("the sample's caches CRD").contains(from);
        return text.replace(from, to);
    }

    /** The resourceVersion of every object the install owns here and of its CRDs: unchanged means nothing was written. */
    private static Map<String, String> resourceVersions(KubernetesClient client, String ns) {
        Map<String, String> versions = new java.util.TreeMap<>();
        client.configMaps().inNamespace(ns).list().getItems().forEach(o -> versions.put("ConfigMap/"
                + o.getMetadata().getName(), o.getMetadata().getResourceVersion()));
        client.apps().deployments().inNamespace(ns).list().getItems().forEach(o -> versions.put("Deployment/"
                + o.getMetadata().getName(), o.getMetadata().getResourceVersion()));
        client.secrets().inNamespace(ns).list().getItems().forEach(o -> versions.put("Secret/"
                + o.getMetadata().getName(), o.getMetadata().getResourceVersion()));
        var crd = client.apiextensions().v1().customResourceDefinitions().withName(CRD).get();
        versions.put("CustomResourceDefinition/" + CRD, crd.getMetadata().getResourceVersion());
        return versions;
    }

    private static Map<String, JSONSchemaProps> specFields(KubernetesClient client) {
        return client.apiextensions().v1().customResourceDefinitions().withName(CRD).get().getSpec().getVersions().get(0)
                .getSchema().getOpenAPIV3Schema().getProperties().get("spec").getProperties();
    }

    @SuppressWarnings("unchecked")
    private static String failedReason(GenericKubernetesResource object) {
        for (Object condition : (List<Object>) ControllerCluster.status(object, "conditions")) {
            Map<String, Object> entry = (Map<String, Object>) condition;
            if ("Failed".equals(entry.get("type"))) {
                return (String) entry.get("reason");
            }
        }
        return null;
    }

    /** The version the history names last, or null. */
    @SuppressWarnings("unchecked")
    private static String version(GenericKubernetesResource object) {
        List<Object> history = (List<Object>) ControllerCluster.status(object, "history");
        return history == null || history.isEmpty() ? null
                : (String) ((Map<String, Object>) history.get(history.size() - 1)).get("version");
    }
}
