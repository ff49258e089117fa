package dev.bundlectl.controller.real;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.controller.approve.PlanApprover;
import dev.bundlectl.controller.source.ControllerSources;
import dev.bundlectl.controller.testing.ConfigMapPacking;
import dev.bundlectl.executor.testing.KubeletStandIn;
import dev.bundlectl.executor.testing.RealApiServer;
import dev.bundlectl.executor.testing.RealOlm;
import dev.bundlectl.executor.testing.RealOlmExtension;
import dev.bundlectl.source.registry.RegistryOptions;
import dev.bundlectl.source.testing.ImagePusher;
import dev.bundlectl.source.testing.RealRegistry;
import dev.bundlectl.source.testing.RealRegistryExtension;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A BundleInstall follows its catalog ConfigMap's channel within {@code versionRange} without being
 * touched (issue 43's done-when), on the real API server with the real olm-operator and the real
 * registry: the controller watches the ConfigMap, and its resync (10 minutes) never comes within
 * the test. {@link KubeletStandIn} rolls out the Deployments OLM makes, the one simulated part.
 */
@ExtendWith({RealOlmExtension.class, RealRegistryExtension.class})
class RealServerControllerFollowTest {

    private static final Duration WAIT = Duration.ofSeconds(180);
    private static final String RANGE = ">=0.3.0 <0.4.0";

    @TempDir
    Path temp;

    /**
     * Complete at 0.3.1; the ConfigMap gains 0.3.2: upgraded to it, with UpgradeStarted and Upgraded
     * events naming both versions; it gains 0.4.0: still at 0.3.2, UpgradeBlocked because 0.4.0 is
     * out of range.
     */
    @Test
    void aWatchedCatalogConfigMapUpgradesWithinTheRangeAndBlocksBeyondIt(RealOlm olm, RealRegistry registry)
            throws Exception {
        try (Followed followed = new Followed(olm, registry, "follow", List.of("0.3.1", "0.3.2"), List.of(),
                "source: {catalog: {configMap: catalog, package: %s, versionRange: \"" + RANGE + "\"}}")) {
            KubernetesClient client = followed.client;
            String ns = followed.ns;
            String pkg = followed.pkg;
            String image = followed.image;
            awaitRunning(client, ns, "0.3.1");

            updateCatalog(client, ns, pkg, image, List.of("0.3.1", "0.3.2"), false);
            GenericKubernetesResource upgraded = awaitRunning(client, ns, "0.3.2");
            assertThat(ChannelFixtures.versions(upgraded)).containsExactly("0.3.1", "0.3.2");
            assertThat(eventMessages(client, ns, "UpgradeStarted"))
                    .containsExactly("upgrading " + pkg + " from 0.3.1 to 0.3.2");
            assertThat(eventMessages(client, ns, "Upgraded")).singleElement().asString()
                    .startsWith(pkg + " upgraded from 0.3.1 to 0.3.2");
            ControllerCluster.awaitTrue(WAIT, () -> ChannelFixtures.csvGone(client, ns, pkg + ".v0.3.1"),
                    "OLM removes " + pkg + ".v0.3.1");

            updateCatalog(client, ns, pkg, image, List.of("0.3.1", "0.3.2", "0.4.0"), false);
            GenericKubernetesResource blocked = ControllerCluster.await(client, ns, "follower", WAIT,
                    "the standing names 0.4.0", o -> "0.4.0".equals(ControllerCluster.status(o, "latestVersion")));
            assertThat(ControllerCluster.phase(blocked)).isEqualTo("Complete");
            assertThat(ControllerCluster.status(blocked, "installedVersion")).isEqualTo("0.3.2");
            assertThat(ControllerCluster.status(blocked, "targetVersion")).isEqualTo("0.3.2");
            assertThat(ChannelFixtures.condition(blocked, "UpgradeBlocked")).containsEntry("status", "True")
                    .containsEntry("message", "0.4.0, the newest in channel stable, is outside versionRange "
                            + RANGE + "; 0.3.2 is the newest inside it");
            assertThat(ChannelFixtures.condition(blocked, "UpgradeAvailable")).containsEntry("status", "False");
            assertThat(ChannelFixtures.versions(blocked)).containsExactly("0.3.1", "0.3.2");
            assertThat(ChannelFixtures.csvGone(client, ns, pkg + ".v0.4.0")).isTrue();
        }
    }

    /**
     * With approval Manual and a range reaching 0.4.0, the ConfigMap gaining 0.3.2 and 0.4.0 stops at
     * RequiresApproval with nothing installed; one approval of the digest (what {@code bundlectl
     * approve} writes, through the same {@link PlanApprover}) installs the whole path, one hop at a time.
     */
    @Test
    void manualApprovalOfAFollowedRangeInstallsTheWholePathOnce(RealOlm olm, RealRegistry registry)
            throws Exception {
        try (Followed followed = new Followed(olm, registry, "followm", List.of("0.3.1", "0.3.2", "0.4.0"), List.of(),
                "approval: Manual\n  source: {catalog: {configMap: catalog, package: %s, versionRange: \">=0.3.0 <0.5.0\"}}")) {
            KubernetesClient client = followed.client;
            String ns = followed.ns;
            String pkg = followed.pkg;
            String image = followed.image;
            PlanApprover approver = new PlanApprover(client);
            String firstDigest = awaitApproval(client, ns, null);
            // What the approver reads: each object the plan would write (created ones by name).
            assertThat((String) ControllerCluster.status(ControllerCluster.get(client, ns, "follower"), "planDiff"))
                    .startsWith("# ").contains(" created, ")
                    .contains("+ ClusterServiceVersion " + ns + "/" + pkg + ".v0.3.1 (created)");
            approver.approve(ns, "follower", firstDigest);
            GenericKubernetesResource first = awaitRunning(client, ns, "0.3.1");
            assertThat(ControllerCluster.status(first, "planDiff")).as("gone once approved").isNull();

            updateCatalog(client, ns, pkg, image, List.of("0.3.1", "0.3.2", "0.4.0"), false);
            String whole = awaitApproval(client, ns, (String) ControllerCluster.status(first, "planDigest"));
            assertThat((String) ControllerCluster.status(ControllerCluster.get(client, ns, "follower"), "planDiff"))
                    .startsWith("# the first of 2 hops; each later one is compared when it is planned\n")
                    .contains("+ ClusterServiceVersion " + ns + "/" + pkg + ".v0.3.2 (created)")
                    .doesNotContain(pkg + ".v0.3.1 (created)");
            assertThat(client.genericKubernetesResources(ChannelFixtures.CSV_API, "ClusterServiceVersion")
                    .inNamespace(ns).withName(pkg + ".v0.3.2").get()).as("nothing installed before the approval")
                    .isNull();
            approver.approve(ns, "follower", whole);

            GenericKubernetesResource done = awaitRunning(client, ns, "0.4.0");
            assertThat(ChannelFixtures.versions(done)).containsExactly("0.3.1", "0.3.2", "0.4.0");
            assertThat(ChannelFixtures.phase(client.genericKubernetesResources(ChannelFixtures.CSV_API,
                    "ClusterServiceVersion").inNamespace(ns).withName(pkg + ".v0.4.0").get())).isEqualTo("Succeeded");
            assertThat(eventMessages(client, ns, "UpgradeStarted"))
                    .containsExactly("upgrading " + pkg + " from 0.3.1 to 0.4.0 in 2 hops");
        }
    }

    /**
     * A hop that fails under the real olm-operator (0.3.2's Deployment never comes up, so OLM puts
     * its CSV in Failed) leaves 0.3.1 running; the BundleInstall says UpgradeFailed, and a reconcile
     * of the same catalog (the ConfigMap touched without a change of content) does not try again.
     * The catalog gaining 0.3.3 does, at once; once the OperatorGroup lets OLM fail forward, 0.3.3
     * replaces the failed CSV and runs.
     */
    @Test
    void aFailedHopLeavesThePreviousVersionRunningAndWaitsForTheCatalogToChange(RealOlm olm, RealRegistry registry)
            throws Exception {
        try (Followed followed = new Followed(olm, registry, "followf", List.of("0.3.1", "0.3.3"), List.of("0.3.2"),
                "source: {catalog: {configMap: catalog, package: %s, versionRange: \">=0.3.0 <0.4.0\"}}")) {
            KubernetesClient client = followed.client;
            String ns = followed.ns;
            String pkg = followed.pkg;
            String image = followed.image;
            awaitRunning(client, ns, "0.3.1");

            updateCatalog(client, ns, pkg, image, List.of("0.3.1", "0.3.2"), false);
            GenericKubernetesResource failed = ControllerCluster.await(client, ns, "follower", WAIT, "UpgradeFailed",
                    o -> "UpgradeFailed".equals(ChannelFixtures.condition(o, "Failed").get("reason")));
            assertThat(ControllerCluster.phase(failed)).isEqualTo("Failed");
            assertThat(ChannelFixtures.phase(csv(client, ns, pkg + ".v0.3.2"))).isEqualTo("Failed");
            // OLM keeps a replaced CSV until its successor succeeds (both versions name the same
            // Deployment, which OLM hands to the new CSV; its Pods are the kubelet's, here none).
            GenericKubernetesResource previous = csv(client, ns, pkg + ".v0.3.1");
            assertThat(previous).as("the previous version is kept").isNotNull();
            assertThat(previous.getMetadata().getDeletionTimestamp()).isNull();
            assertThat(ChannelFixtures.phase(previous)).isIn("Succeeded", "Replacing");
            assertThat(ControllerCluster.status(failed, "installedVersion")).isEqualTo("0.3.1");
            @SuppressWarnings("unchecked")
            Map<String, Object> lastFailed = (Map<String, Object>) ControllerCluster.status(failed, "lastFailedUpgrade");
            assertThat(lastFailed).containsEntry("fromVersion", "0.3.1").containsEntry("toVersion", "0.3.2")
                    .containsEntry("attempts", 1);
            assertThat(eventMessages(client, ns, "UpgradeFailed")).singleElement().asString()
                    .startsWith("upgrade from 0.3.1 to 0.3.2 failed: the operator of 0.3.2 does not run: "
                            + "InstallCheckFailed");

            // A reconcile of the same catalog: the ConfigMap changes, its catalog does not.
            client.configMaps().inNamespace(ns).withName("catalog").edit(configMap -> {
                configMap.getMetadata().setAnnotations(Map.of("touched", "yes"));
                return configMap;
            });
            Thread.sleep(8_000);
            GenericKubernetesResource still = ControllerCluster.get(client, ns, "follower");
            assertThat(ControllerCluster.phase(still)).isEqualTo("Failed");
            assertThat(ControllerCluster.status(still, "lastFailedUpgrade")).isEqualTo(lastFailed);
            assertThat(eventMessages(client, ns, "UpgradeStarted")).as("not tried again").hasSize(1);

            // The catalog gains 0.3.3: tried at once. OLM replaces a Failed CSV only when the
            // OperatorGroup lets it fail forward (transitionCSVState, case CSVPhaseFailed), so an
            // admin who wants 0.3.3 to replace the failed 0.3.2 says so.
            updateCatalog(client, ns, pkg, image, List.of("0.3.1", "0.3.2", "0.3.3"), false);
            ControllerCluster.awaitTrue(WAIT, () -> eventMessages(client, ns, "UpgradeStarted").size() == 2,
                    "a second UpgradeStarted");
            assertThat(eventMessages(client, ns, "UpgradeStarted").get(1))
                    .isEqualTo("upgrading " + pkg + " from 0.3.1 to 0.3.3");
            client.genericKubernetesResources("operators.coreos.com/v1", "OperatorGroup").inNamespace(ns).list()
                    .getItems().forEach(group -> client.genericKubernetesResources("operators.coreos.com/v1",
                            "OperatorGroup").inNamespace(ns).withName(group.getMetadata().getName()).edit(edited -> {
                                @SuppressWarnings("unchecked")
                                Map<String, Object> spec = (Map<String, Object>) edited.getAdditionalProperties()
                                        .computeIfAbsent("spec", key -> new java.util.LinkedHashMap<>());
                                spec.put("upgradeStrategy", "TechPreviewUnsafeFailForward");
                                return edited;
                            }));
            GenericKubernetesResource recovered = awaitRunning(client, ns, "0.3.3");
            assertThat(ControllerCluster.status(recovered, "lastFailedUpgrade")).isNull();
            assertThat(ChannelFixtures.phase(csv(client, ns, pkg + ".v0.3.3"))).isEqualTo("Succeeded");
        }
    }

    /**
     * One test's cluster: a namespace whose catalog ConfigMap offers 0.3.1 (0.3.1, 0.3.2, 0.3.3 and
     * 0.4.0 pushed), stand-ins rolling out the {@code running} versions' Deployments and stalling the
     * {@code stalled} ones', a following controller (its resync never within the test), and
     * BundleInstall {@code follower} with {@code spec} ({@code %s} is the package).
     */
    private final class Followed implements AutoCloseable {
        final KubernetesClient client;
        final String ns;
        final String pkg;
        final String image;
        private final List<AutoCloseable> running = new java.util.ArrayList<>();

        Followed(RealOlm olm, RealRegistry registry, String prefix, List<String> rolledOut, List<String> stalled,
                String spec) throws IOException {
            RealApiServer server = olm.server();
            ControllerCluster.installCrd(server);
            client = server.client();
            ns = server.newNamespace(prefix);
            pkg = prefix + "-operator";
            image = pushVersions(registry, prefix);
            updateCatalog(client, ns, pkg, image, List.of("0.3.1"), true);
            rolledOut.forEach(version -> running.add(KubeletStandIn.of(server).start(ns, pkg + ".v" + version)));
            stalled.forEach(version -> running.add(KubeletStandIn.of(server).startStalled(ns, pkg + ".v" + version)));
            ControllerSources sources = PipelineControllers.sources(server, temp.resolve("cache"),
                    RegistryOptions.defaults(), Duration.ofMinutes(10));
            running.add(sources);
            running.add(PipelineControllers.following(server, ns, sources, temp.resolve("cache"),
                    RegistryOptions.defaults(), Duration.ofMinutes(10)));
            ControllerCluster.create(client, ns, ("apiVersion: bundlectl.dev/v1alpha1\nkind: BundleInstall\n"
                    + "metadata: {name: follower}\nspec:\n  " + spec + "\n").formatted(pkg));
        }

        @Override
        public void close() throws Exception {
            // The controller first, then the sources it pulls through, then the stand-ins.
            for (int i = running.size() - 1; i >= 0; i--) {
                running.get(i).close();
            }
            cleanUp(client, ns);
        }
    }

    private static GenericKubernetesResource csv(KubernetesClient client, String ns, String name) {
        return client.genericKubernetesResources(ChannelFixtures.CSV_API, "ClusterServiceVersion").inNamespace(ns)
                .withName(name).get();
    }

    /** 0.3.1 (the sample), 0.3.2 and 0.3.3 (the same, renamed) and 0.4.0, renamed after {@code prefix}, pushed. */
    private String pushVersions(RealRegistry registry, String prefix) throws IOException {
        String pkg = prefix + "-operator";
        String csv = "manifests/" + pkg + ".clusterserviceversion.yaml";
        Path v031 = ChannelFixtures.renamed(Path.of("samples/bundles/cachebox-operator"), temp.resolve("v031"), prefix);
        Path v032 = ChannelFixtures.patchRelease(temp.resolve("v032"), prefix);
        Path v040 = ChannelFixtures.renamed(Path.of("samples/bundles/cachebox-operator-v0.4.0"), temp.resolve("v040"),
                prefix);
        ChannelFixtures.edit(v040.resolve(csv), "    olm.skipRange: '>=0.2.0 <0.4.0'\n", "");
        ChannelFixtures.edit(v040.resolve(csv), "  skips:\n    - " + pkg + ".v0.3.0\n", "");
        ChannelFixtures.edit(v040.resolve(csv), "replaces: " + pkg + ".v0.3.1\n", "replaces: " + pkg + ".v0.3.2\n");
        ImagePusher pusher = new ImagePusher(registry);
        String repository = "follows/" + prefix;
        Path v033 = ChannelFixtures.patchRelease(temp.resolve("v033"), prefix, "0.3.3", "0.3.2");
        for (Map.Entry<String, Path> bundle : Map.of("v0.3.1", v031, "v0.3.2", v032, "v0.3.3", v033, "v0.4.0", v040)
                .entrySet()) {
            pusher.pushBundle(repository, bundle.getKey(), bundle.getValue());
        }
        return registry.address() + "/" + repository + ":";
    }

    private void updateCatalog(KubernetesClient client, String ns, String pkg, String image, List<String> versions,
            boolean create) throws IOException {
        var configMap = ConfigMapPacking.pack("catalog", ChannelFixtures.catalog(temp.resolve("catalog-"
                + versions.size()), pkg, image, versions));
        var resource = client.configMaps().inNamespace(ns).resource(configMap);
        if (create) {
            resource.create();
        } else {
            resource.update();
        }
    }

    /** Waits until {@code version} is installed, Complete, and its operator runs. */
    private static GenericKubernetesResource awaitRunning(KubernetesClient client, String ns, String version) {
        return ControllerCluster.await(client, ns, "follower", WAIT, version + " Complete and running",
                o -> "Complete".equals(ControllerCluster.phase(o))
                        && version.equals(ControllerCluster.status(o, "installedVersion"))
                        && "True".equals(ChannelFixtures.condition(o, "OperatorRunning").get("status")));
    }

    /** Waits for RequiresApproval with a digest other than {@code previous}, and returns it. */
    private static String awaitApproval(KubernetesClient client, String ns, String previous) {
        GenericKubernetesResource waiting = ControllerCluster.await(client, ns, "follower", WAIT, "RequiresApproval",
                o -> "RequiresApproval".equals(ControllerCluster.phase(o))
                        && !String.valueOf(ControllerCluster.status(o, "planDigest")).equals(String.valueOf(previous)));
        return (String) ControllerCluster.status(waiting, "planDigest");
    }

    /** The messages of the events of {@code reason} on BundleInstall follower, oldest first. */
    static List<String> eventMessages(KubernetesClient client, String ns, String reason) {
        return client.v1().events().inNamespace(ns).list().getItems().stream()
                .filter(event -> reason.equals(event.getReason()))
                .filter(event -> "BundleInstall".equals(event.getInvolvedObject().getKind()))
                .sorted(java.util.Comparator.comparing(Event::getFirstTimestamp,
                        java.util.Comparator.nullsFirst(java.util.Comparator.naturalOrder())))
                .map(Event::getMessage).toList();
    }

    private static void cleanUp(KubernetesClient client, String ns) {
        client.genericKubernetesResources(ChannelFixtures.CSV_API, "ClusterServiceVersion").inNamespace(ns).delete();
        client.genericKubernetesResources("operators.coreos.com/v1", "OperatorGroup").inNamespace(ns).delete();
    }
}
