package dev.bundlectl.controller.real;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.controller.api.BundleInstallKind;
import dev.bundlectl.controller.runtime.Controller;
import dev.bundlectl.controller.testing.WalkingInstaller;
import dev.bundlectl.executor.testing.RealApiServer;
import dev.bundlectl.executor.testing.RealApiServerExtension;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * How the controller walks a channel, one hop per reconcile (docs/controller.md, "One hop per
 * reconcile"), at the points a real walk under OLM cannot be made to reach on demand: a controller
 * stopped before, half-way through or just after a hop's install; a hop that does not run yet; a
 * catalog that changes mid-walk; a hop that fails. The BundleInstalls live on the real API server;
 * the channel, the install record and whether each version runs are {@link WalkingInstaller}'s, and
 * the real walk under the real olm-operator, with a controller killed by SIGKILL, is
 * {@code RealServerControllerWalkRestartTest}'s.
 */
@ExtendWith(RealApiServerExtension.class)
class RealServerControllerWalkStepsTest {

    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final List<String> FIRST = List.of("0.3.0");
    private static final List<String> ALL = List.of("0.3.0", "0.3.1", "0.3.2", "0.4.0");

    @TempDir
    Path temp;

    /**
     * Stopped anywhere in the second hop's install, the controller goes on from what the record says:
     * before it, the hop is installed; half-way, its install is finished; after it, the status catches
     * up and nothing is installed again. Each hop's install ends Complete once, and the history lists
     * each hop once.
     */
    @ParameterizedTest
    @EnumSource(WalkingInstaller.Stop.class)
    void aControllerStoppedAnywhereInAHopsInstallGoesOnAtThatHopAndInstallsEachOnce(WalkingInstaller.Stop stop,
            RealApiServer server) {
        WalkingInstaller installer = new WalkingInstaller(temp, FIRST);
        try (Walked walked = new Walked(server, installer, "Automatic")) {
            walked.awaitComplete("0.3.0");
            installer.stopOnce("0.3.2", stop);
            installer.channel(ALL);
            walked.touch();

            GenericKubernetesResource done = walked.awaitComplete("0.4.0");
            assertThat(ChannelFixtures.versions(done)).containsExactly("0.3.0", "0.3.1", "0.3.2", "0.4.0");
            assertThat(ControllerCluster.status(done, "walk")).isNull();
            for (String hop : List.of("0.3.1", "0.3.2", "0.4.0")) {
                assertThat(installer.completed(hop)).as("installs of " + hop + " that ended").isEqualTo(1);
            }
            assertThat(installer.started("0.3.2")).as("started again only if it had not ended")
                    .isEqualTo(stop == WalkingInstaller.Stop.AFTER_RECORD ? 1 : 2);
            assertThat(RealServerControllerFollowTest.eventMessages(walked.client, walked.ns, "UpgradeStarted"))
                    .containsExactly("upgrading walkbox-operator from 0.3.0 to 0.4.0 in 3 hops");
            assertThat(RealServerControllerFollowTest.eventMessages(walked.client, walked.ns, "Upgraded"))
                    .singleElement().asString().startsWith("walkbox-operator upgraded from 0.3.0 to 0.4.0");
        }
    }

    /**
     * A hop that does not run yet holds the walk, not a worker: the controller looks again, backing
     * off, and installs the next hop only once it runs. The status says where the walk is meanwhile.
     */
    @Test
    void aHopNotRunningYetIsLookedAtAgainAndTheNextWaitsForIt(RealApiServer server) throws InterruptedException {
        WalkingInstaller installer = new WalkingInstaller(temp, FIRST);
        try (Walked walked = new Walked(server, installer, "Automatic")) {
            walked.awaitComplete("0.3.0");
            installer.runs("0.3.1", "Unknown");
            installer.channel(ALL);
            walked.touch();

            GenericKubernetesResource waiting = walked.await("0.3.1 installed, not running yet",
                    o -> ChannelFixtures.versions(o).contains("0.3.1"));
            assertThat(ControllerCluster.phase(waiting)).isEqualTo("Installing");
            assertThat((String) ControllerCluster.status(waiting, "message"))
                    .isEqualTo("installed walkbox-operator.v0.3.1, hop 1 of 3 from 0.3.0 to 0.4.0; the next hop "
                            + "follows once it runs");
            @SuppressWarnings("unchecked")
            Map<String, Object> walk = (Map<String, Object>) ControllerCluster.status(waiting, "walk");
            assertThat(walk).containsEntry("fromVersion", "0.3.0").containsEntry("toVersion", "0.4.0")
                    .containsEntry("hops", 3).containsEntry("hopsLeft", List.of(
                            "walkbox-operator.v0.3.2@127.0.0.1:1/walkbox:0.3.2",
                            "walkbox-operator.v0.4.0@127.0.0.1:1/walkbox:0.4.0"));
            assertThat(walk.get("planDigest")).isEqualTo(ControllerCluster.status(waiting, "planDigest"));
            ControllerCluster.awaitTrue(WAIT, () -> installer.looks("0.3.1") >= 3, "three looks at 0.3.1");
            assertThat(installer.started("0.3.2")).as("nothing after a hop that does not run").isZero();
            assertThat(ChannelFixtures.condition(ControllerCluster.get(walked.client, walked.ns, "walker"),
                    "OperatorRunning")).containsEntry("status", "Unknown");

            installer.runs("0.3.1", "True");
            GenericKubernetesResource done = walked.awaitComplete("0.4.0");
            assertThat(ChannelFixtures.versions(done)).containsExactly("0.3.0", "0.3.1", "0.3.2", "0.4.0");
        }
    }

    /**
     * With approval Manual, one approval walks the path; a catalog that changes the path mid-walk
     * changes nothing until the hop in flight runs, then asks for an approval of the new path, the
     * version reached staying installed.
     */
    @Test
    void aCatalogThatChangesThePathMidWalkAsksAgainOnceTheHopInFlightRuns(RealApiServer server)
            throws InterruptedException {
        WalkingInstaller installer = new WalkingInstaller(temp, FIRST);
        try (Walked walked = new Walked(server, installer, "Manual")) {
            walked.approve(walked.awaitApproval(null));
            walked.awaitComplete("0.3.0");
            installer.runs("0.3.1", "Unknown");
            installer.channel(List.of("0.3.0", "0.3.1", "0.3.2"));
            walked.touch();
            String whole = walked.awaitApproval(null);
            walked.approve(whole);
            walked.await("0.3.1 installed", o -> ChannelFixtures.versions(o).contains("0.3.1"));

            installer.channel(ALL);
            walked.touch();
            Thread.sleep(3_000);
            GenericKubernetesResource inFlight = ControllerCluster.get(walked.client, walked.ns, "walker");
            assertThat(ControllerCluster.phase(inFlight)).as("the hop in flight first").isEqualTo("Installing");
            assertThat(ControllerCluster.status(inFlight, "planDigest")).isEqualTo(whole);

            installer.runs("0.3.1", "True");
            String changed = walked.awaitApproval(whole);
            GenericKubernetesResource asking = ControllerCluster.get(walked.client, walked.ns, "walker");
            assertThat(ControllerCluster.status(asking, "walk")).isNull();
            assertThat(ControllerCluster.status(asking, "installedVersion")).isEqualTo("0.3.1");
            assertThat(installer.started("0.3.2")).as("nothing of the new path before its approval").isZero();

            walked.approve(changed);
            GenericKubernetesResource done = walked.awaitComplete("0.4.0");
            assertThat(ChannelFixtures.versions(done)).containsExactly("0.3.0", "0.3.1", "0.3.2", "0.4.0");
        }
    }

    /**
     * A hop OLM fails ends the walk as a failed upgrade from the version before it, held back as any:
     * a reconcile of the same catalog installs nothing more.
     */
    @Test
    void aHopThatFailsEndsTheWalkAsAFailedUpgrade(RealApiServer server) throws InterruptedException {
        WalkingInstaller installer = new WalkingInstaller(temp, FIRST);
        try (Walked walked = new Walked(server, installer, "Automatic")) {
            walked.awaitComplete("0.3.0");
            installer.runs("0.3.2", "False");
            installer.channel(ALL);
            walked.touch();

            GenericKubernetesResource failed = walked.await("UpgradeFailed",
                    o -> "UpgradeFailed".equals(ChannelFixtures.condition(o, "Failed").get("reason")));
            assertThat(ControllerCluster.phase(failed)).isEqualTo("Failed");
            assertThat(ControllerCluster.status(failed, "walk")).isNull();
            assertThat(ControllerCluster.status(failed, "installedVersion")).isEqualTo("0.3.1");
            @SuppressWarnings("unchecked")
            Map<String, Object> lastFailed = (Map<String, Object>) ControllerCluster.status(failed, "lastFailedUpgrade");
            assertThat(lastFailed).containsEntry("fromVersion", "0.3.1").containsEntry("toVersion", "0.3.2")
                    .containsEntry("attempts", 1);

            walked.touch();
            Thread.sleep(3_000);
            assertThat(installer.started("0.4.0")).isZero();
            assertThat(ControllerCluster.status(ControllerCluster.get(walked.client, walked.ns, "walker"),
                    "lastFailedUpgrade")).isEqualTo(lastFailed);
        }
    }

    /** One test's namespace, a controller on {@code installer} (resync never within the test), and BundleInstall {@code walker}. */
    private static final class Walked implements AutoCloseable {
        final KubernetesClient client;
        final String ns;
        private final Controller controller;

        Walked(RealApiServer server, WalkingInstaller installer, String approval) {
            ControllerCluster.installCrd(server);
            client = server.client();
            ns = server.newNamespace("walksteps");
            controller = PipelineControllers.started(client, ns, installer, Duration.ofMinutes(10));
            ControllerCluster.create(client, ns, """
                    apiVersion: bundlectl.dev/v1alpha1
                    kind: BundleInstall
                    metadata: {name: walker}
                    spec:
                      approval: %s
                      source: {catalog: {configMap: catalog, package: walkbox-operator}}
                    """.formatted(approval));
        }

        GenericKubernetesResource await(String what, java.util.function.Predicate<GenericKubernetesResource> condition) {
            return ControllerCluster.await(client, ns, "walker", WAIT, what, condition);
        }

        GenericKubernetesResource awaitComplete(String version) {
            return await(version + " Complete", o -> "Complete".equals(ControllerCluster.phase(o))
                    && version.equals(ControllerCluster.status(o, "installedVersion")));
        }

        /** Waits for RequiresApproval with a digest other than {@code previous}, and returns it. */
        String awaitApproval(String previous) {
            GenericKubernetesResource waiting = await("RequiresApproval",
                    o -> "RequiresApproval".equals(ControllerCluster.phase(o))
                            && !String.valueOf(ControllerCluster.status(o, "planDigest")).equals(String.valueOf(previous)));
            return (String) ControllerCluster.status(waiting, "planDigest");
        }

        void approve(String digest) {
            ControllerCluster.editSpec(client, ns, "walker", spec -> spec.put("approvedPlan", digest));
        }

        /** A change of the object's annotations: a reconcile, as a catalog ConfigMap's change makes one. */
        void touch() {
            // A merge patch names no resourceVersion: the controller's status writes cannot make it conflict.
            client.genericKubernetesResources(BundleInstallKind.context()).inNamespace(ns).withName("walker")
                    .patch(PatchContext.of(PatchType.JSON_MERGE), "{\"metadata\":{\"annotations\":{\"touched\":\""
                            + System.nanoTime() + "\"}}}");
        }

        @Override
        public void close() {
            controller.close();
        }
    }
}
