package dev.bundlectl.controller.real;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.controller.runtime.Controller;
import dev.bundlectl.controller.runtime.ControllerSettings;
import dev.bundlectl.controller.testing.PlanningOnlyInstaller;
import dev.bundlectl.controller.testing.SampleBundles;
import dev.bundlectl.executor.testing.RealApiServer;
import dev.bundlectl.executor.testing.RealApiServerExtension;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Two replicas, one Lease: exactly one reconciles, and when it stops renewing (it hangs in the middle
 * of an install and its lease is never released, as after a crash) the other takes the Lease once it
 * expires and finishes the work.
 */
@ExtendWith(RealApiServerExtension.class)
class RealServerLeaderFailoverTest {

    private static final Duration WAIT = Duration.ofSeconds(60);

    @Test
    void theStandbyTakesOverWhenTheLeaderStopsRenewingAndFinishesTheInstall(RealApiServer server) throws Exception {
        ControllerCluster.installCrd(server);
        String ns = server.newNamespace("bi-failover");
        KubernetesClient client = server.client();
        PlanningOnlyInstaller first = new PlanningOnlyInstaller(SampleBundles.cachebox());
        PlanningOnlyInstaller second = new PlanningOnlyInstaller(SampleBundles.cachebox());
        first.holdInstalls();
        ControllerSettings.LeaseSettings lease = new ControllerSettings.LeaseSettings(ns, "bundlectl-controller",
                Duration.ofSeconds(3), Duration.ofSeconds(2), Duration.ofMillis(300));
        Controller leader = PipelineControllers.elected(client, ns, first, "replica-a", lease);
        try {
            leader.start();
            ControllerCluster.awaitTrue(WAIT, leader::isLeading, "replica-a to lead");
            try (Controller standby = PipelineControllers.elected(client, ns, second, "replica-b", lease)) {
                standby.start();
                ControllerCluster.create(client, ns, """
                        apiVersion: bundlectl.dev/v1alpha1
                        kind: BundleInstall
                        metadata: {name: cachebox}
                        spec: {source: {image: 127.0.0.1:1/samples/cachebox:v0.3.1}}
                        """);
                assertThat(first.awaitInstallStarted(60)).as("replica-a started installing").isTrue();
                assertThat(standby.isLeading()).as("replica-b leads while replica-a holds the Lease").isFalse();
                assertThat(ControllerCluster.phase(ControllerCluster.get(client, ns, "cachebox"))).isEqualTo("Installing");

                // replica-a hangs mid-install and stops renewing; its Lease is left to expire. (Closing
                // waits for the hung worker, so it runs beside the test, as the hung replica would.)
                var stopping = java.util.concurrent.CompletableFuture.runAsync(leader::close);

                GenericKubernetesResource done = ControllerCluster.await(client, ns, "cachebox", WAIT,
                        "replica-b to finish the install", o -> "Complete".equals(ControllerCluster.phase(o)));
                assertThat(standby.isLeading()).isTrue();
                assertThat(second.installs()).as("replica-b installed").isPositive();
                assertThat(first.installs()).as("replica-a never finished").isZero();
                assertThat((List<?>) ControllerCluster.status(done, "history")).hasSize(1);
                String holder = client.leases().inNamespace(ns).withName("bundlectl-controller").get().getSpec()
                        .getHolderIdentity();
                assertThat(holder).isEqualTo("replica-b");

                // replica-a wakes up: its stale status write is refused (resourceVersion), so nothing is lost.
                first.releaseInstalls();
                stopping.get(60, java.util.concurrent.TimeUnit.SECONDS);
                GenericKubernetesResource after = ControllerCluster.get(client, ns, "cachebox");
                assertThat(ControllerCluster.phase(after)).isEqualTo("Complete");
                assertThat((List<?>) ControllerCluster.status(after, "history")).hasSize(1);
            }
        } finally {
            first.releaseInstalls();
        }
    }
}
