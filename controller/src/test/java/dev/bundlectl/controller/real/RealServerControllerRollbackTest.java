package dev.bundlectl.controller.real;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.controller.runtime.Controller;
import dev.bundlectl.controller.testing.ConfigMapPacking;
import dev.bundlectl.controller.testing.SampleBundles;
import dev.bundlectl.executor.testing.KubeletStandIn;
import dev.bundlectl.executor.testing.RealApiServer;
import dev.bundlectl.executor.testing.RealOlm;
import dev.bundlectl.executor.testing.RealOlmExtension;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A rollback through the controller, on the real API server with the real olm-operator
 * (docs/semantics.md §9, "Rollbacks"): a BundleInstall at the sample's v0.4.0 whose spec is set back
 * to v0.3.1 is refused as a downgrade, reason {@code DowngradeRefused} in its status, with nothing
 * written; with {@code spec.upgradeConstraintPolicy: SelfCertified} (OLM v1's name) the rollback
 * checks run and it rolls back: OLM replaces v0.4.0 with v0.3.1, the custom resource made under
 * v0.4.0 stays, and the history lists the three installs. {@link KubeletStandIn} rolls out the
 * Deployments OLM makes, the one simulated part.
 */
@ExtendWith(RealOlmExtension.class)
class RealServerControllerRollbackTest {

    private static final Duration WAIT = Duration.ofSeconds(120);
    private static final String CSV_API = "operators.coreos.com/v1alpha1";

    @TempDir
    Path cache;

    @Test
    void aLowerVersionIsRefusedAsADowngradeAndRolledBackToWithSelfCertified(RealOlm olm) {
        RealApiServer server = olm.server();
        ControllerCluster.installCrd(server);
        KubernetesClient client = server.client();
        String ns = server.newNamespace("bi-rollback");
        for (String[] bundle : new String[][] {{"cachebox-v031", "samples/bundles/cachebox-operator"},
                {"cachebox-v040", "samples/bundles/cachebox-operator-v0.4.0"}}) {
            client.configMaps().inNamespace(ns).resource(ConfigMapPacking.pack(bundle[0],
                    SampleBundles.sample(bundle[1]))).create();
        }
        try (KubeletStandIn.Background v031 = KubeletStandIn.of(server).start(ns, "cachebox-operator.v0.3.1");
                KubeletStandIn.Background v040 = KubeletStandIn.of(server).start(ns, "cachebox-operator.v0.4.0");
                Controller ignored = PipelineControllers.started(client, ns,
                        PipelineControllers.installer(server, cache), Duration.ofMinutes(5))) {
            ControllerCluster.create(client, ns, """
                    apiVersion: bundlectl.dev/v1alpha1
                    kind: BundleInstall
                    metadata: {name: cachebox}
                    spec: {source: {configMap: cachebox-v031}}
                    """);
            ControllerCluster.await(client, ns, "cachebox", WAIT, "v0.3.1 Complete",
                    o -> "Complete".equals(ControllerCluster.phase(o)));
            source(client, ns, "cachebox-v040");
            // Installed at once; what only v0.3.1 had goes in a later round, once OLM runs v0.4.0.
            ControllerCluster.await(client, ns, "cachebox", WAIT, "v0.4.0 Complete, its removals done",
                    o -> "Complete".equals(ControllerCluster.phase(o))
                            && ControllerCluster.status(o, "observedGeneration").equals(2)
                            && "Deleted".equals(steps(o).get("Delete ConfigMap/cachebox-defaults")));
            GenericKubernetesResource made = server.create("""
                    apiVersion: cache.bundlectl.dev/v1alpha1
                    kind: Cache
                    metadata: {name: made-under-040, namespace: %s}
                    spec: {size: 4}
                    """.formatted(ns));
            int recordsBefore = client.secrets().inNamespace(ns).list().getItems().size();

            source(client, ns, "cachebox-v031");
            GenericKubernetesResource refused = ControllerCluster.await(client, ns, "cachebox", WAIT, "Failed",
                    o -> "Failed".equals(ControllerCluster.phase(o)));

            String message = (String) ControllerCluster.status(refused, "message");
            assertThat(message).startsWith("cannot upgrade cachebox-operator from cachebox-operator.v0.4.0 (0.4.0) to "
                            + "cachebox-operator.v0.3.1 (0.3.1): version 0.3.1 is lower than the installed 0.4.0")
                    .contains("nothing was applied")
                    .endsWith("spec.upgradeConstraintPolicy: SelfCertified rolls back to it once its CRDs pass the "
                            + "rollback checks");
            assertThat(condition(refused, "Failed")).containsEntry("status", "True")
                    .containsEntry("reason", "DowngradeRefused");
            assertThat(client.secrets().inNamespace(ns).list().getItems()).as("no install record").hasSize(recordsBefore);
            assertThat(csv(client, ns, "cachebox-operator.v0.3.1")).as("nothing written").isNull();

            ControllerCluster.editSpec(client, ns, "cachebox", spec -> spec.put("upgradeConstraintPolicy",
                    "SelfCertified"));
            GenericKubernetesResource rolledBack = ControllerCluster.await(client, ns, "cachebox", WAIT,
                    "v0.3.1 Complete again, v0.4.0 replaced by OLM",
                    o -> "Complete".equals(ControllerCluster.phase(o))
                            && ControllerCluster.status(o, "observedGeneration").equals(4)
                            && csv(client, ns, "cachebox-operator.v0.4.0") == null);

            assertThat(phaseOf(csv(client, ns, "cachebox-operator.v0.3.1"))).isEqualTo("Succeeded");
            assertThat(versions(rolledBack)).containsExactly("0.3.1", "0.4.0", "0.3.1");
            GenericKubernetesResource kept = client.genericKubernetesResources("cache.bundlectl.dev/v1alpha1", "Cache")
                    .inNamespace(ns).withName("made-under-040").get();
            assertThat(kept.getMetadata().getUid()).isEqualTo(made.getMetadata().getUid());
            assertThat(kept.getAdditionalProperties().get("spec")).isEqualTo(Map.of("size", 4));
        } finally {
            client.genericKubernetesResources(CSV_API, "ClusterServiceVersion").inNamespace(ns).delete();
            client.genericKubernetesResources("operators.coreos.com/v1", "OperatorGroup").inNamespace(ns).delete();
        }
    }

    /** {@code Action Kind/name} to status, for each step of {@code status.plan}. */
    @SuppressWarnings("unchecked")
    private static Map<String, String> steps(GenericKubernetesResource object) {
        Map<String, String> byStep = new java.util.TreeMap<>();
        for (Object step : (List<Object>) ControllerCluster.status(object, "plan")) {
            Map<String, Object> s = (Map<String, Object>) step;
            Map<String, Object> resource = (Map<String, Object>) s.get("resource");
            byStep.put(s.get("action") + " " + resource.get("kind") + "/" + resource.get("name"), (String) s.get("status"));
        }
        return byStep;
    }

    private static void source(KubernetesClient client, String ns, String configMap) {
        ControllerCluster.editSpec(client, ns, "cachebox", spec -> spec.put("source", Map.of("configMap", configMap)));
    }

    private static GenericKubernetesResource csv(KubernetesClient client, String ns, String name) {
        return client.genericKubernetesResources(CSV_API, "ClusterServiceVersion").inNamespace(ns).withName(name).get();
    }

    @SuppressWarnings("unchecked")
    private static String phaseOf(GenericKubernetesResource csv) {
        Object status = csv.getAdditionalProperties().get("status");
        return status == null ? null : (String) ((Map<String, Object>) status).get("phase");
    }

    @SuppressWarnings("unchecked")
    private static List<String> versions(GenericKubernetesResource object) {
        return ((List<Object>) ControllerCluster.status(object, "history")).stream()
                .map(entry -> (String) ((Map<String, Object>) entry).get("version")).toList();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> condition(GenericKubernetesResource object, String type) {
        return ((List<Object>) ControllerCluster.status(object, "conditions")).stream()
                .map(entry -> (Map<String, Object>) entry).filter(entry -> type.equals(entry.get("type"))).findFirst()
                .orElseThrow();
    }
}
