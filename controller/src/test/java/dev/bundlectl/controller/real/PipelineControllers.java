package dev.bundlectl.controller.real;

import dev.bundlectl.controller.pipeline.InstallerConnections;
import dev.bundlectl.controller.pipeline.PipelineInstaller;
import dev.bundlectl.controller.reconcile.BundleInstallClient;
import dev.bundlectl.controller.reconcile.BundleInstaller;
import dev.bundlectl.controller.reconcile.EventRecorder;
import dev.bundlectl.controller.reconcile.Reconciler;
import dev.bundlectl.controller.runtime.Controller;
import dev.bundlectl.controller.runtime.ControllerSettings;
import dev.bundlectl.executor.apply.ApplySettings;
import dev.bundlectl.executor.testing.RealApiServer;
import dev.bundlectl.source.SourceSettings;
import dev.bundlectl.source.registry.RegistryOptions;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.nio.file.Path;
import dev.bundlectl.controller.follow.SourceFollowing;
import dev.bundlectl.controller.source.ControllerSources;
import java.time.Clock;
import java.time.Duration;

/** Controllers as the real-server tests need them: on bundlectl's real pipeline, or elected by a Lease. */
final class PipelineControllers {

    private PipelineControllers() {
    }

    /** The real installer, its cache under {@code cache}, talking to registries as a user's default would. */
    static PipelineInstaller installer(RealApiServer server, Path cache) {
        return installer(server, cache, RegistryOptions.defaults());
    }

    /** The real installer with these registry options (e.g. plain HTTP to the test registry). */
    static PipelineInstaller installer(RealApiServer server, Path cache, RegistryOptions registry) {
        return new PipelineInstaller(new InstallerConnections(server.connect(), true), new SourceSettings(registry, cache, false),
                ApplySettings.defaults(), Clock.systemUTC());
    }

    /** A started controller for {@code namespace} without leader election, resyncing every {@code resync}. */
    static Controller started(KubernetesClient client, String namespace, BundleInstaller installer, Duration resync) {
        Reconciler reconciler = new Reconciler(new BundleInstallClient(client), installer,
                new EventRecorder(client, "test"), Clock.systemUTC());
        ControllerSettings settings = new ControllerSettings(namespace, 2, resync, Duration.ofMillis(500),
                Duration.ofSeconds(5), "test", null);
        Controller controller = new Controller(client, reconciler, settings, true);
        controller.start();
        return controller;
    }

    /**
     * A started controller for {@code namespace} as {@code bundlectl controller} runs: one shared source of
     * images and catalogs whose tags are resolved again every {@code poll}, catalog ConfigMaps watched,
     * and a resync long enough (10 minutes) that nothing a test sees comes from it. Closing the
     * controller leaves {@code sources} open; the caller closes them.
     */
    static Controller following(RealApiServer server, String namespace, ControllerSources sources, Path cache,
            RegistryOptions registry, Duration poll) {
        KubernetesClient client = server.client();
        InstallerConnections connections = new InstallerConnections(server.connect(), true);
        PipelineInstaller installer = new PipelineInstaller(connections, new SourceSettings(registry, cache, false),
                ApplySettings.defaults(), Clock.systemUTC(), dev.bundlectl.executor.lock.LockHolders.thisProcess(),
                sources);
        Reconciler reconciler = new Reconciler(new BundleInstallClient(client), installer,
                new EventRecorder(client, "test"), Clock.systemUTC());
        ControllerSettings settings = new ControllerSettings(namespace, 2, Duration.ofMinutes(10), Duration.ofMillis(500),
                Duration.ofSeconds(5), "test", null);
        Controller controller = new Controller(client, reconciler, settings, true, java.util.List.of(),
                new SourceFollowing(connections, sources.digests(), poll));
        controller.start();
        return controller;
    }

    /** The shared sources {@link #following} pulls through, tags resolved again every {@code poll}. */
    static ControllerSources sources(RealApiServer server, Path cache, RegistryOptions registry, Duration poll) {
        return new ControllerSources(new dev.bundlectl.source.BundleSources(server.connect().vertx(),
                new SourceSettings(registry, cache, false)), poll, Clock.systemUTC());
    }

    /**
     * A controller (not started) that reconciles only while it holds {@code lease}; closing it does
     * not release the Lease, which stands for a crash: the Lease must expire before another takes it.
     */
    static Controller elected(KubernetesClient client, String namespace, BundleInstaller installer, String identity,
            ControllerSettings.LeaseSettings lease) {
        Reconciler reconciler = new Reconciler(new BundleInstallClient(client), installer,
                new EventRecorder(client, identity), Clock.systemUTC());
        return new Controller(client, reconciler, new ControllerSettings(namespace, 1, Duration.ofSeconds(30),
                Duration.ofMillis(200), Duration.ofSeconds(2), identity, lease), false);
    }
}
