package dev.bundlectl.controller.real;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.controller.runtime.Controller;
import dev.bundlectl.controller.testing.ConfigMapPacking;
import dev.bundlectl.controller.testing.SampleBundles;
import dev.bundlectl.executor.testing.RealApiServer;
import dev.bundlectl.executor.testing.KubeletStandIn;
import dev.bundlectl.executor.testing.RealOlm;
import dev.bundlectl.executor.testing.RealOlmExtension;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Upgrades through the controller, on the real API server with the real olm-operator and
 * bundlectl's own pipeline, planned exactly as {@code bundlectl install} plans them
 * (docs/semantics.md §9): changing {@code spec.source} from the sample v0.3.1 to v0.4.0 (which
 * replaces it and no longer ships the cachebox-defaults ConfigMap) installs v0.4.0, and once OLM
 * reports it Succeeded (and has removed v0.3.1) a later round deletes that ConfigMap and the RBAC
 * that OLM mode generated from the old CSV's permissions (named after that CSV), keeping every other
 * object (same uid); going back to v0.3.0 is a downgrade, which ends Failed with the reason ({@code DowngradeRefused})
 * and writes nothing to the cluster. {@link KubeletStandIn} rolls out the Deployments OLM makes, the one
 * simulated part.
 */
@ExtendWith(RealOlmExtension.class)
class RealServerControllerUpgradeTest {

    private static final Duration WAIT = Duration.ofSeconds(120);
    private static final String CSV_API = "operators.coreos.com/v1alpha1";
    /** The Role that OLM mode generates from each CSV's {@code permissions}, named after the CSV. */
    private static final String OLD_GENERATED_ROLE = "cachebox-operator.v0.3.1-cachebox-operator-6b7998cc77";
    private static final String NEW_GENERATED_ROLE = "cachebox-operator.v0.4.0-cachebox-operator-56d885db99";

    @TempDir
    Path cache;

    @Test
    void aNewerBundleUpgradesDeletingWhatItDropsOnceItRunsAndALowerOneFailsWritingNothing(RealOlm olm) {
        RealApiServer server = olm.server();
        ControllerCluster.installCrd(server);
        KubernetesClient client = server.client();
        String ns = server.newNamespace("bi-upgrade");
        for (String[] bundle : new String[][] {{"cachebox-v030", "samples/bundles/cachebox-operator-v0.3.0"},
                {"cachebox-v031", "samples/bundles/cachebox-operator"},
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
            Map<String, String> before = uids(client, ns);
            assertThat(before).containsKeys("ConfigMap/cachebox-defaults", "Service/cachebox-operator-metrics",
                    "Role/cachebox-editor", "ClusterServiceVersion/cachebox-operator.v0.3.1");

            source(client, ns, "cachebox-v040");
            // Installed at once; what only v0.3.1 had goes in a later round, once OLM runs v0.4.0.
            GenericKubernetesResource upgraded = ControllerCluster.await(client, ns, "cachebox", WAIT,
                    "v0.4.0 Complete, its removals done", o -> "Complete".equals(ControllerCluster.phase(o))
                            && ControllerCluster.status(o, "observedGeneration").equals(2)
                            && "Deleted".equals(steps(o).get("Delete ConfigMap/cachebox-defaults")));

            // The round that removed them installed v0.4.0 again: its steps are Present now.
            assertThat(steps(upgraded)).containsEntry("Delete ConfigMap/cachebox-defaults", "Deleted")
                    .containsEntry("Delete Role/" + OLD_GENERATED_ROLE, "Deleted")
                    .containsKey("Present ClusterServiceVersion/cachebox-operator.v0.4.0")
                    .containsKey("Update Service/cachebox-operator-metrics");
            assertThat(client.configMaps().inNamespace(ns).withName("cachebox-defaults").get()).isNull();
            Map<String, String> after = uids(client, ns);
            Map<String, String> kept = new TreeMap<>(before);
            kept.remove("ConfigMap/cachebox-defaults");
            // The old CSV is OLM's to replace, and it did.
            assertThat(kept.remove("ClusterServiceVersion/cachebox-operator.v0.3.1")).isNotNull();
            // OLM mode's Role generated from v0.3.1's permissions gives way to the one generated from v0.4.0's.
            assertThat(kept.remove("Role/" + OLD_GENERATED_ROLE)).isNotNull();
            assertThat(after).as("every other object is kept, not re-created").containsAllEntriesOf(kept)
                    .containsKey("ClusterServiceVersion/cachebox-operator.v0.4.0")
                    .containsKey("Role/" + NEW_GENERATED_ROLE)
                    .doesNotContainKey("Role/" + OLD_GENERATED_ROLE)
                    .doesNotContainKey("ConfigMap/cachebox-defaults")
                    .doesNotContainKey("ClusterServiceVersion/cachebox-operator.v0.3.1");
            assertThat(versions(upgraded)).containsExactly("0.3.1", "0.4.0");
            Map<String, String> versionsBefore = resourceVersions(client, ns);
            int recordsBefore = client.secrets().inNamespace(ns).list().getItems().size();

            source(client, ns, "cachebox-v030");
            GenericKubernetesResource refused = ControllerCluster.await(client, ns, "cachebox", WAIT, "Failed",
                    o -> "Failed".equals(ControllerCluster.phase(o)));

            String message = (String) ControllerCluster.status(refused, "message");
            assertThat(message).isEqualTo("cannot upgrade cachebox-operator from cachebox-operator.v0.4.0 (0.4.0) to "
                    + "cachebox-operator.v0.3.0 (0.3.0): " + message.substring(message.indexOf("(0.3.0): ") + 9))
                    .contains("; nothing was applied; spec.upgradeConstraintPolicy: SelfCertified rolls back")
                    .doesNotContain("\n").doesNotContain("--force");
            assertThat(condition(refused, "Failed")).containsEntry("status", "True")
                    .containsEntry("reason", "DowngradeRefused").containsEntry("message", message);
            // The reconciler writes the status first and the event after it: wait for the event.
            assertThat(eventsOnceReasonAppears(client, ns, "DowngradeRefused")).anySatisfy(event -> {
                assertThat(event.getReason()).isEqualTo("DowngradeRefused");
                assertThat(event.getMessage()).isEqualTo(message);
            });
            assertThat(resourceVersions(client, ns)).as("nothing written").isEqualTo(versionsBefore);
            assertThat(client.secrets().inNamespace(ns).list().getItems()).as("no install record").hasSize(recordsBefore);
            assertThat(client.genericKubernetesResources(CSV_API, "ClusterServiceVersion").inNamespace(ns)
                    .withName("cachebox-operator.v0.3.0").get()).isNull();
            assertThat(versions(refused)).containsExactly("0.3.1", "0.4.0");
        } finally {
            client.genericKubernetesResources(CSV_API, "ClusterServiceVersion").inNamespace(ns).delete();
            client.genericKubernetesResources("operators.coreos.com/v1", "OperatorGroup").inNamespace(ns).delete();
        }
    }

    /** The namespace's events, once one has {@code reason} or ten seconds have passed. */
    private static List<Event> eventsOnceReasonAppears(KubernetesClient client, String ns, String reason) {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (true) {
            List<Event> events = client.v1().events().inNamespace(ns).list().getItems();
            if (events.stream().anyMatch(event -> reason.equals(event.getReason())) || System.nanoTime() > deadline) {
                return events;
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return events;
            }
        }
    }

    private static void source(KubernetesClient client, String ns, String configMap) {
        ControllerCluster.editSpec(client, ns, "cachebox", spec -> spec.put("source", Map.of("configMap", configMap)));
    }

    /** {@code Kind/name} to uid of the namespaced objects an install of the sample writes. */
    private static Map<String, String> uids(KubernetesClient client, String ns) {
        Map<String, String> uids = new TreeMap<>();
        objects(client, ns).forEach(object -> uids.put(object.getKind() + "/" + object.getMetadata().getName(),
                object.getMetadata().getUid()));
        return uids;
    }

    /** The resourceVersions of what bundlectl writes; a CSV's status is OLM's to rewrite, so CSVs are left out. */
    private static Map<String, String> resourceVersions(KubernetesClient client, String ns) {
        Map<String, String> versions = new TreeMap<>();
        objects(client, ns).stream().filter(object -> !"ClusterServiceVersion".equals(object.getKind()))
                .forEach(object -> versions.put(object.getKind() + "/" + object.getMetadata().getName(),
                object.getMetadata().getResourceVersion()));
        return versions;
    }

    /** The namespaced objects an install of the sample writes: those carrying an install's owner mark. */
    private static List<HasMetadata> objects(KubernetesClient client, String ns) {
        return allObjects(client, ns).stream().filter(object -> object.getMetadata().getAnnotations() != null
                && object.getMetadata().getAnnotations().keySet().stream()
                        .anyMatch(key -> key.contains(".owners.bundlectl.dev/"))).toList();
    }

    private static List<HasMetadata> allObjects(KubernetesClient client, String ns) {
        List<HasMetadata> objects = new java.util.ArrayList<>();
        client.configMaps().inNamespace(ns).list().getItems().stream()
                .filter(configMap -> !configMap.getMetadata().getName().startsWith("cachebox-v")
                        && !configMap.getMetadata().getName().equals("kube-root-ca.crt"))
                .forEach(configMap -> objects.add(withKind(configMap, "ConfigMap")));
        client.services().inNamespace(ns).list().getItems().forEach(service -> objects.add(withKind(service, "Service")));
        client.rbac().roles().inNamespace(ns).list().getItems().forEach(role -> objects.add(withKind(role, "Role")));
        client.secrets().inNamespace(ns).list().getItems().stream()
                .filter(secret -> secret.getMetadata().getName().startsWith("cachebox-license"))
                .forEach(secret -> objects.add(withKind(secret, "Secret")));
        client.genericKubernetesResources(CSV_API, "ClusterServiceVersion").inNamespace(ns).list().getItems()
                .forEach(csv -> objects.add(withKind(csv, "ClusterServiceVersion")));
        return objects;
    }

    private static HasMetadata withKind(HasMetadata object, String kind) {
        // Lists leave each item's kind empty; the test names them itself.
        if (object.getKind() == null && object instanceof io.fabric8.kubernetes.api.model.KubernetesResource) {
            try {
                object.getClass().getMethod("setKind", String.class).invoke(object, kind);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(e);
            }
        }
        return object;
    }

    /** {@code Action Kind/name} to status, for each step of {@code status.plan}. */
    @SuppressWarnings("unchecked")
    private static Map<String, String> steps(GenericKubernetesResource object) {
        Map<String, String> byStep = new TreeMap<>();
        for (Object step : (List<Object>) ControllerCluster.status(object, "plan")) {
            Map<String, Object> s = (Map<String, Object>) step;
            Map<String, Object> resource = (Map<String, Object>) s.get("resource");
            byStep.put(s.get("action") + " " + resource.get("kind") + "/" + resource.get("name"), (String) s.get("status"));
        }
        return byStep;
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
