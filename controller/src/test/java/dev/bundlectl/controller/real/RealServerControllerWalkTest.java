package dev.bundlectl.controller.real;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.controller.runtime.Controller;
import dev.bundlectl.controller.testing.ConfigMapPacking;
import dev.bundlectl.executor.testing.KubeletStandIn;
import dev.bundlectl.executor.testing.RealApiServer;
import dev.bundlectl.executor.testing.RealOlm;
import dev.bundlectl.executor.testing.RealOlmExtension;
import dev.bundlectl.source.testing.ImagePusher;
import dev.bundlectl.source.testing.RealRegistry;
import dev.bundlectl.source.testing.RealRegistryExtension;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The controller walks a catalog's channel as {@code bundlectl install --catalog} does
 * (docs/semantics.md §9), on the real API server with the real olm-operator and the real registry: a
 * BundleInstall following a catalog ConfigMap is Complete at 0.3.0; when the ConfigMap gains 0.3.1
 * and 0.4.0, joined only by {@code replaces}, it installs 0.3.1, waits for OLM to run it, then
 * installs 0.4.0 (approval Automatic); with approval Manual it waits in RequiresApproval with one
 * digest covering the whole path, and one approval walks it. {@link KubeletStandIn} rolls out the
 * Deployments OLM makes, the one simulated part.
 */
@ExtendWith({RealOlmExtension.class, RealRegistryExtension.class})
class RealServerControllerWalkTest {

    private static final Duration WAIT = Duration.ofSeconds(180);
    private static final String CSV_API = "operators.coreos.com/v1alpha1";

    @TempDir
    Path temp;

    @Test
    void automaticApprovalWalksTheNewVersionsInTurn(RealOlm olm, RealRegistry registry) throws IOException {
        walk(olm, registry, "walka", "Automatic");
    }

    @Test
    void manualApprovalAsksOnceForTheWholePath(RealOlm olm, RealRegistry registry) throws IOException {
        walk(olm, registry, "walkm", "Manual");
    }

    /**
     * {@code versionRange: ">=0.3.0 <0.4.0"} (OLM v1's syntax): Complete at 0.3.0, then at 0.3.1 when
     * the catalog ConfigMap gains it, and still at 0.3.1 when it gains 0.4.0, which is out of range.
     */
    @Test
    void aVersionRangeFollowsTheChannelWithinIt(RealOlm olm, RealRegistry registry) throws IOException {
        RealApiServer server = olm.server();
        ControllerCluster.installCrd(server);
        KubernetesClient client = server.client();
        String prefix = "walkr";
        String ns = server.newNamespace(prefix);
        String pkg = prefix + "-operator";
        String image = pushThreeVersions(registry, prefix);
        client.configMaps().inNamespace(ns).resource(ConfigMapPacking.pack("catalog",
                ChannelFixtures.catalog(temp.resolve("catalog-1"), pkg, image, List.of("0.3.0")))).create();
        try (KubeletStandIn.Background a = KubeletStandIn.of(server).start(ns, pkg + ".v0.3.0");
                KubeletStandIn.Background b = KubeletStandIn.of(server).start(ns, pkg + ".v0.3.1");
                Controller ignored = PipelineControllers.started(client, ns,
                        PipelineControllers.installer(server, temp.resolve("cache")), Duration.ofSeconds(3))) {
            ControllerCluster.create(client, ns, """
                    apiVersion: bundlectl.dev/v1alpha1
                    kind: BundleInstall
                    metadata: {name: walker}
                    spec:
                      source: {catalog: {configMap: catalog, package: %s, versionRange: ">=0.3.0 <0.4.0"}}
                    """.formatted(pkg));
            GenericKubernetesResource first = ControllerCluster.await(client, ns, "walker", WAIT, "0.3.0 Complete",
                    o -> "Complete".equals(ControllerCluster.phase(o)) && "0.3.0".equals(ChannelFixtures.installedVersion(o)));
            assertThat(ChannelFixtures.condition(first, "UpgradeBlocked")).containsEntry("status", "False");

            client.configMaps().inNamespace(ns).resource(ConfigMapPacking.pack("catalog",
                    ChannelFixtures.catalog(temp.resolve("catalog-2"), pkg, image, List.of("0.3.0", "0.3.1")))).update();
            ControllerCluster.await(client, ns, "walker", WAIT, "0.3.1 Complete",
                    o -> "Complete".equals(ControllerCluster.phase(o)) && "0.3.1".equals(ChannelFixtures.installedVersion(o)));

            client.configMaps().inNamespace(ns).resource(ConfigMapPacking.pack("catalog",
                    ChannelFixtures.catalog(temp.resolve("catalog-3"), pkg, image, List.of("0.3.0", "0.3.1", "0.4.0")))).update();
            // Several resyncs (every 3 s) read the catalog with 0.4.0 in it.
            Thread.sleep(10_000);
            GenericKubernetesResource later = ControllerCluster.get(client, ns, "walker");
            assertThat(ControllerCluster.phase(later)).isEqualTo("Complete");
            assertThat(ChannelFixtures.versions(later)).as("0.4.0 is out of range").containsExactly("0.3.0", "0.3.1");
            assertThat(ChannelFixtures.csvGone(client, ns, pkg + ".v0.4.0")).isTrue();
            assertThat(ControllerCluster.status(later, "installedVersion")).isEqualTo("0.3.1");
            assertThat(ControllerCluster.status(later, "latestVersion")).isEqualTo("0.4.0");
            assertThat(ControllerCluster.status(later, "targetVersion")).isEqualTo("0.3.1");
            assertThat(ChannelFixtures.condition(later, "UpgradeBlocked")).containsEntry("status", "True")
                    .containsEntry("message", "0.4.0, the newest in channel stable, is outside versionRange "
                            + ">=0.3.0 <0.4.0; 0.3.1 is the newest inside it");
            assertThat(ChannelFixtures.condition(later, "UpgradeAvailable")).containsEntry("status", "False");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        } finally {
            client.genericKubernetesResources(CSV_API, "ClusterServiceVersion").inNamespace(ns).delete();
            client.genericKubernetesResources("operators.coreos.com/v1", "OperatorGroup").inNamespace(ns).delete();
        }
    }

    /** The sample's 0.3.0, 0.3.1 and 0.4.0 renamed after {@code prefix}, pushed; the image prefix, to append {@code v0.3.0}. */
    private String pushThreeVersions(RealRegistry registry, String prefix) throws IOException {
        String pkg = prefix + "-operator";
        Path v030 = ChannelFixtures.renamed(Path.of("samples/bundles/cachebox-operator-v0.3.0"), temp.resolve("v030"), prefix);
        Path v031 = ChannelFixtures.renamed(Path.of("samples/bundles/cachebox-operator"), temp.resolve("v031"), prefix);
        Path v040 = ChannelFixtures.renamed(Path.of("samples/bundles/cachebox-operator-v0.4.0"), temp.resolve("v040"), prefix);
        ChannelFixtures.edit(v031.resolve("manifests/" + pkg + ".clusterserviceversion.yaml"), "  version: 0.3.1\n",
                "  version: 0.3.1\n  replaces: " + pkg + ".v0.3.0\n");
        ChannelFixtures.edit(v040.resolve("manifests/" + pkg + ".clusterserviceversion.yaml"), "    olm.skipRange: '>=0.2.0 <0.4.0'\n", "");
        ChannelFixtures.edit(v040.resolve("manifests/" + pkg + ".clusterserviceversion.yaml"), "  skips:\n    - " + pkg + ".v0.3.0\n", "");
        ImagePusher pusher = new ImagePusher(registry);
        String repository = "walks/" + prefix;
        for (Map.Entry<String, Path> bundle : Map.of("v0.3.0", v030, "v0.3.1", v031, "v0.4.0", v040).entrySet()) {
            pusher.pushBundle(repository, bundle.getKey(), bundle.getValue());
        }
        return registry.address() + "/" + repository + ":";
    }

    private void walk(RealOlm olm, RealRegistry registry, String prefix, String approval) throws IOException {
        RealApiServer server = olm.server();
        ControllerCluster.installCrd(server);
        KubernetesClient client = server.client();
        String ns = server.newNamespace(prefix);
        String pkg = prefix + "-operator";
        String image = pushThreeVersions(registry, prefix);
        client.configMaps().inNamespace(ns).resource(ConfigMapPacking.pack("catalog",
                ChannelFixtures.catalog(temp.resolve("catalog-1"), pkg, image, List.of("0.3.0")))).create();
        try (KubeletStandIn.Background a = KubeletStandIn.of(server).start(ns, pkg + ".v0.3.0");
                KubeletStandIn.Background b = KubeletStandIn.of(server).start(ns, pkg + ".v0.3.1");
                KubeletStandIn.Background c = KubeletStandIn.of(server).start(ns, pkg + ".v0.4.0");
                // No watch here, a short resync: the walk as a controller sees it when the account may
                // not watch the catalog ConfigMap.
                Controller ignored = PipelineControllers.started(client, ns,
                        PipelineControllers.installer(server, temp.resolve("cache")), Duration.ofSeconds(3))) {
            ControllerCluster.create(client, ns, """
                    apiVersion: bundlectl.dev/v1alpha1
                    kind: BundleInstall
                    metadata: {name: walker}
                    spec:
                      approval: %s
                      source: {catalog: {configMap: catalog, package: %s}}
                    """.formatted(approval, pkg));
            if ("Manual".equals(approval)) {
                approve(client, ns, awaitApproval(client, ns, null));
            }
            ControllerCluster.await(client, ns, "walker", WAIT, "0.3.0 Complete",
                    o -> "Complete".equals(ControllerCluster.phase(o)) && "0.3.0".equals(ChannelFixtures.installedVersion(o)));

            client.configMaps().inNamespace(ns).resource(ConfigMapPacking.pack("catalog",
                    ChannelFixtures.catalog(temp.resolve("catalog-2"), pkg, image, List.of("0.3.0", "0.3.1", "0.4.0")))).update();

            if ("Manual".equals(approval)) {
                String before = (String) ControllerCluster.status(ControllerCluster.get(client, ns, "walker"),
                        "planDigest");
                String whole = awaitApproval(client, ns, before);
                assertThat(client.genericKubernetesResources(CSV_API, "ClusterServiceVersion").inNamespace(ns)
                        .withName(pkg + ".v0.3.1").get()).as("nothing installed before the approval").isNull();
                approve(client, ns, whole);
            }
            GenericKubernetesResource done = ControllerCluster.await(client, ns, "walker", WAIT, "0.4.0 Complete",
                    o -> "Complete".equals(ControllerCluster.phase(o)) && "0.4.0".equals(ChannelFixtures.installedVersion(o)));

            assertThat(ChannelFixtures.versions(done)).containsExactly("0.3.0", "0.3.1", "0.4.0");
            ControllerCluster.awaitTrue(WAIT, () -> ChannelFixtures.csvGone(client, ns, pkg + ".v0.3.1"), "OLM removes " + pkg + ".v0.3.1");
            assertThat(ChannelFixtures.csvGone(client, ns, pkg + ".v0.3.0")).isTrue();
            assertThat(ChannelFixtures.phase(client.genericKubernetesResources(CSV_API, "ClusterServiceVersion").inNamespace(ns)
                    .withName(pkg + ".v0.4.0").get())).isEqualTo("Succeeded");
            // Done: the next rounds find nothing new to install or approve.
            Thread.sleep(7_000);
            GenericKubernetesResource later = ControllerCluster.get(client, ns, "walker");
            assertThat(ControllerCluster.phase(later)).isEqualTo("Complete");
            assertThat(ChannelFixtures.versions(later)).containsExactly("0.3.0", "0.3.1", "0.4.0");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        } finally {
            client.genericKubernetesResources(CSV_API, "ClusterServiceVersion").inNamespace(ns).delete();
            client.genericKubernetesResources("operators.coreos.com/v1", "OperatorGroup").inNamespace(ns).delete();
        }
    }

    /** Waits for RequiresApproval with a digest other than {@code previous}, and returns it. */
    private static String awaitApproval(KubernetesClient client, String ns, String previous) {
        GenericKubernetesResource waiting = ControllerCluster.await(client, ns, "walker", WAIT, "RequiresApproval",
                o -> "RequiresApproval".equals(ControllerCluster.phase(o))
                        && !String.valueOf(ControllerCluster.status(o, "planDigest")).equals(String.valueOf(previous)));
        return (String) ControllerCluster.status(waiting, "planDigest");
    }

    private static void approve(KubernetesClient client, String ns, String digest) {
        ControllerCluster.editSpec(client, ns, "walker", spec -> spec.put("approvedPlan", digest));
    }

}
