package dev.bundlectl.controller.real;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.controller.pipeline.InstallerConnections;
import dev.bundlectl.controller.pipeline.PipelineInstaller;
import dev.bundlectl.controller.runtime.Controller;
import dev.bundlectl.controller.runtime.ControllerSettings;
import dev.bundlectl.controller.testing.ConfigMapPacking;
import dev.bundlectl.controller.testing.SampleBundles;
import dev.bundlectl.executor.apply.ApplySettings;
import dev.bundlectl.cluster.connect.ClusterConnection;
import dev.bundlectl.executor.testing.FaultProxy;
import dev.bundlectl.executor.testing.FaultSchedule;
import dev.bundlectl.executor.testing.ProxiedRequest;
import dev.bundlectl.executor.testing.ProxyKubeconfig;
import dev.bundlectl.executor.testing.ProxyUpstream;
import dev.bundlectl.executor.testing.RealApiServer;
import dev.bundlectl.executor.testing.RealApiServerExtension;
import dev.bundlectl.source.SourceSettings;
import dev.bundlectl.source.registry.RegistryOptions;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Leader failover during a real install, counted on the wire. Each replica's pipeline reaches the
 * API server through its own {@link FaultProxy}, which records every request and what the server
 * answered. replica-a leads and starts installing the sample; once its CSV is created and a CRD
 * applied, its proxy stops answering (replica-a hangs mid-install) and replica-a
 * stops renewing its Lease without releasing it, as a crashed replica would. replica-b takes the
 * Lease once it expires and finishes the install to Complete. Then replica-a is cut off for good:
 * its install fails, and the status it tries to write from its stale read is refused.
 *
 * <p>No duplicate create: across both replicas, the server answered 201 (created) at most once per
 * object, and what replica-a created kept its uid.
 */
@ExtendWith(RealApiServerExtension.class)
class RealServerLeaderFailoverInstallTest {

    private static final Duration WAIT = Duration.ofSeconds(120);

    @TempDir
    Path temp;

    @Test
    void theStandbyFinishesAHalfDoneInstallWithoutCreatingAnythingTwice(
            @RealApiServerExtension.Served(RealApiServer.Flavour.OLM) RealApiServer server) throws Exception {
        ControllerCluster.installCrd(server);
        KubernetesClient client = server.client();
        String ns = server.newNamespace("bi-failover-real");
        client.configMaps().inNamespace(ns).resource(ConfigMapPacking.pack("cachebox-bundle",
                SampleBundles.cachebox())).create();
        ControllerSettings.LeaseSettings lease = new ControllerSettings.LeaseSettings(ns, "bundlectl-controller",
                Duration.ofSeconds(3), Duration.ofSeconds(2), Duration.ofMillis(300));
        try (FaultProxy proxyA = FaultProxy.start(ProxyUpstream.of(server.config()), FaultSchedule.none());
                FaultProxy proxyB = FaultProxy.start(ProxyUpstream.of(server.config()), FaultSchedule.none());
                ClusterConnection connectionA = connect(proxyA, server, "a");
                ClusterConnection connectionB = connect(proxyB, server, "b")) {
            // replica-a hangs once its CSV is created and a CRD applied (the two go out side by side, in
            // either order); the rest of the bundle waits for the CRDs to be Established, so it is not there.
            AtomicBoolean csvCreated = new AtomicBoolean();
            AtomicBoolean crdApplied = new AtomicBoolean();
            proxyA.holdAfter(request -> {
                // The preflight's dry runs come first and write nothing: only real writes count.
                if (request.dryRun()) {
                    return false;
                }
                if (request.upstreamStatus() == 201 && object(request).endsWith("/clusterserviceversions/"
                        + "cachebox-operator.v0.3.1")) {
                    csvCreated.set(true);
                }
                if ("PATCH".equals(request.method()) && request.path().contains("/customresourcedefinitions/")
                        && (request.upstreamStatus() == 200 || request.upstreamStatus() == 201)) {
                    crdApplied.set(true);
                }
                return csvCreated.get() && crdApplied.get();
            });
            Controller leader = PipelineControllers.elected(client, ns, installer(connectionA, "a"), "replica-a", lease);
            CompletableFuture<Void> stopping = null;
            try {
                leader.start();
                ControllerCluster.awaitTrue(WAIT, leader::isLeading, "replica-a to lead");
                try (Controller standby = PipelineControllers.elected(client, ns, installer(connectionB, "b"), "replica-b",
                        lease)) {
                    standby.start();
                    ControllerCluster.create(client, ns, """
                            apiVersion: bundlectl.dev/v1alpha1
                            kind: BundleInstall
                            metadata: {name: cachebox}
                            spec: {source: {configMap: cachebox-bundle}}
                            """);
                    ControllerCluster.awaitTrue(WAIT, proxyA::holding, "replica-a to hang mid-install");
                    assertThat(standby.isLeading()).as("replica-b leads while replica-a holds the Lease").isFalse();
                    String csvUid = client.genericKubernetesResources("operators.coreos.com/v1alpha1",
                            "ClusterServiceVersion").inNamespace(ns).withName("cachebox-operator.v0.3.1").get()
                            .getMetadata().getUid();
                    assertThat(client.configMaps().inNamespace(ns).withName("cachebox-defaults").get())
                            .as("replica-a hung before the rest of the bundle").isNull();

                    // replica-a stops renewing and never releases the Lease. (Closing waits for the hung
                    // worker, so it runs beside the test, as the hung replica would.)
                    stopping = CompletableFuture.runAsync(leader::close);

                    GenericKubernetesResource done = ControllerCluster.await(client, ns, "cachebox", WAIT,
                            "replica-b to finish the install", o -> "Complete".equals(ControllerCluster.phase(o)));
                    assertThat(standby.isLeading()).isTrue();
                    Object statusWhenComplete = done.getAdditionalProperties().get("status");

                    // replica-a is cut off: its held requests are reset and its proxy goes away, so its
                    // install fails and it writes its Failed status from the stale read it started with.
                    proxyA.releaseHeld();
                    proxyA.close();
                    stopping.get(90, TimeUnit.SECONDS);

                    GenericKubernetesResource after = ControllerCluster.get(client, ns, "cachebox");
                    assertThat(after.getAdditionalProperties().get("status"))
                            .as("no status from the stale leader landed").isEqualTo(statusWhenComplete);
                    assertThat((List<?>) ControllerCluster.status(after, "history")).hasSize(1);
                    assertThat(client.genericKubernetesResources("operators.coreos.com/v1alpha1",
                            "ClusterServiceVersion").inNamespace(ns).withName("cachebox-operator.v0.3.1").get()
                            .getMetadata().getUid()).as("replica-a's CSV kept, not re-created").isEqualTo(csvUid);

                    List<ProxiedRequest> createsA = creates(proxyA);
                    List<ProxiedRequest> createsB = creates(proxyB);
                    assertThat(createsA).as("replica-a created part of the bundle").isNotEmpty()
                            .anySatisfy(r -> assertThat(object(r)).endsWith("/clusterserviceversions/cachebox-operator.v0.3.1"));
                    assertThat(createsB).as("replica-b created the rest").isNotEmpty()
                            .anySatisfy(r -> assertThat(object(r)).endsWith("/configmaps/cachebox-defaults"));
                    List<ProxiedRequest> all = new ArrayList<>(createsA);
                    all.addAll(createsB);
                    // An access review is answered 201 but stores nothing: each replica asks its own.
                    all.removeIf(request -> object(request).endsWith("/selfsubjectaccessreviews"));
                    Map<String, Long> createsPerObject = all.stream().collect(Collectors.groupingBy(
                            RealServerLeaderFailoverInstallTest::object, TreeMap::new, Collectors.counting()));
                    System.out.println("[bundlectl] failover creates per object (replica-a " + createsA.size()
                            + ", replica-b " + createsB.size() + "): " + createsPerObject);
                    assertThat(createsPerObject).as("creates per object across both replicas")
                            .allSatisfy((object, count) -> assertThat(count).as(object).isEqualTo(1L));
                }
            } finally {
                if (stopping == null) {
                    // Failed before replica-a was let go: unblock its worker so that closing it ends.
                    proxyA.releaseHeld();
                    leader.close();
                }
            }
        }
    }

    /**
     * The requests the server answered 201 Created: a POST (the CSV, install records), or a
     * server-side apply that created its object. A dry run's 201 (the preflight) created nothing.
     */
    private static List<ProxiedRequest> creates(FaultProxy proxy) {
        return proxy.requests().stream().filter(request -> request.upstreamStatus() == 201)
                .filter(request -> !request.dryRun()).toList();
    }

    /** The object a request created: its path, or for a POST the collection and the posted name. */
    private static String object(ProxiedRequest request) {
        return request.objectName() == null ? request.path() : request.path() + "/" + request.objectName();
    }

    private ClusterConnection connect(FaultProxy proxy, RealApiServer server, String name) throws IOException {
        Path kubeconfig = ProxyKubeconfig.write(proxy, server.kubeconfig(), temp.resolve("kubeconfig-" + name + ".yaml"));
        return ClusterConnection.connect(Config.fromKubeconfig(Files.readString(kubeconfig)), Duration.ofSeconds(30));
    }

    private PipelineInstaller installer(ClusterConnection connection, String name) {
        return new PipelineInstaller(new InstallerConnections(connection, true), new SourceSettings(RegistryOptions.defaults(),
                temp.resolve("cache-" + name), false), ApplySettings.defaults(), Clock.systemUTC());
    }
}
