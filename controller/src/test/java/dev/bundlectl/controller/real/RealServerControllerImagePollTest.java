package dev.bundlectl.controller.real;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.controller.runtime.Controller;
import dev.bundlectl.controller.source.ControllerSources;
import dev.bundlectl.executor.testing.RealApiServer;
import dev.bundlectl.executor.testing.RealApiServerExtension;
import dev.bundlectl.source.registry.RegistryOptions;
import dev.bundlectl.source.testing.ImagePusher;
import dev.bundlectl.source.testing.RealRegistry;
import dev.bundlectl.source.testing.RealRegistryExtension;
import dev.bundlectl.source.testing.RecordingProxy;
import dev.bundlectl.source.testing.TestTar;
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
 * A catalog image re-pushed under the same tag is picked up within one poll interval, and a poll
 * that finds the same digest costs one manifest {@code HEAD} and pulls nothing (issue 43's
 * done-when), on the real API server and the real registry. Every registry request goes through a
 * {@link RecordingProxy}, which counts them.
 */
@ExtendWith({RealApiServerExtension.class, RealRegistryExtension.class})
class RealServerControllerImagePollTest {

    private static final Duration POLL = Duration.ofSeconds(2);
    private static final Duration WAIT = Duration.ofSeconds(120);
    private static final String CATALOG_LABEL = "operators.operatorframework.io.index.configs.v1";

    @TempDir
    Path temp;

    @Test
    void aRepushedCatalogTagIsPickedUpByThePollAndAnUnmovedTagCostsOneHead(
            @RealApiServerExtension.Served(RealApiServer.Flavour.OLM) RealApiServer server, RealRegistry registry)
            throws IOException, InterruptedException {
        ControllerCluster.installCrd(server);
        KubernetesClient client = server.client();
        String prefix = "pollr";
        String pkg = prefix + "-operator";
        String ns = server.newNamespace(prefix);
        try (RecordingProxy proxy = new RecordingProxy(registry);
                ControllerSources sources = PipelineControllers.sources(server, temp.resolve("cache"),
                        RegistryOptions.defaults(), POLL);
                Controller ignored = PipelineControllers.following(server, ns, sources, temp.resolve("cache"),
                        RegistryOptions.defaults(), POLL)) {
            String bundles = proxy.address() + "/polls/" + prefix + ":";
            pushBundles(registry, prefix);
            String catalogRepository = "polls/" + prefix + "-catalog";
            pushCatalog(registry, catalogRepository, pkg, bundles, List.of("0.3.1"), "catalog-1");
            String catalogImage = proxy.address() + "/" + catalogRepository + ":latest";
            ControllerCluster.create(client, ns, """
                    apiVersion: bundlectl.dev/v1alpha1
                    kind: BundleInstall
                    metadata: {name: polled}
                    spec:
                      csvMode: render
                      source: {catalog: {image: "%s", package: %s}}
                    """.formatted(catalogImage, pkg));
            ControllerCluster.await(client, ns, "polled", WAIT, "0.3.1 Complete", o -> "Complete".equals(
                    ControllerCluster.phase(o)) && "0.3.1".equals(ControllerCluster.status(o, "installedVersion")));

            // Steady state: several polls of a tag that does not move.
            int before = proxy.seen().size();
            Thread.sleep(POLL.multipliedBy(4).toMillis());
            List<RecordingProxy.Seen> steady = proxy.seen().subList(before, proxy.seen().size());
            List<RecordingProxy.Seen> catalogRequests = steady.stream()
                    .filter(seen -> seen.uri().startsWith("/v2/" + catalogRepository + "/")).toList();
            assertThat(catalogRequests).as("each poll of the catalog is one manifest HEAD").isNotEmpty()
                    .allSatisfy(seen -> {
                        assertThat(seen.method()).isEqualTo("HEAD");
                        assertThat(seen.uri()).isEqualTo("/v2/" + catalogRepository + "/manifests/latest");
                    });
            assertThat(catalogRequests.size()).as("one HEAD per poll, however many reconciles ran").isBetween(2, 5);
            assertThat(steady).as("nothing pulled while no tag moved")
                    .noneMatch(seen -> seen.method().equals("GET") && seen.uri().contains("/blobs/"))
                    .noneMatch(seen -> seen.method().equals("GET") && seen.uri().contains("/manifests/"));

            // The same tag, re-pushed with 0.3.2: the next poll finds the new digest.
            pushCatalog(registry, catalogRepository, pkg, bundles, List.of("0.3.1", "0.3.2"), "catalog-2");
            long pushed = System.nanoTime();
            GenericKubernetesResource upgraded = ControllerCluster.await(client, ns, "polled", WAIT, "0.3.2 Complete",
                    o -> "Complete".equals(ControllerCluster.phase(o))
                            && "0.3.2".equals(ControllerCluster.status(o, "installedVersion")));
            Duration took = Duration.ofNanos(System.nanoTime() - pushed);
            System.out.println("[bundlectl] image poll every " + POLL.toSeconds() + " s: in " + POLL.multipliedBy(4)
                    .toSeconds() + " s of an unmoved tag, " + catalogRequests.size() + " catalog manifest HEADs, "
                    + steady.size() + " registry requests in all ("
                    + steady.stream().filter(seen -> seen.method().equals("HEAD")).count() + " HEAD, "
                    + steady.stream().filter(seen -> seen.method().equals("GET")).count() + " GET); the re-pushed tag "
                    + "installed " + took.toMillis() + " ms after the push");
            assertThat(took).as("picked up within one poll interval, plus the install").isLessThan(POLL.plusSeconds(30));
            assertThat((String) ControllerCluster.status(upgraded, "bundleImage"))
                    .startsWith(proxy.address() + "/polls/" + prefix + "@sha256:");
            assertThat(ChannelFixtures.versions(upgraded)).containsExactly("0.3.1", "0.3.2");
        }
    }

    private void pushBundles(RealRegistry registry, String prefix) throws IOException {
        Path v031 = ChannelFixtures.renamed(Path.of("samples/bundles/cachebox-operator"), temp.resolve("v031"), prefix);
        Path v032 = ChannelFixtures.patchRelease(temp.resolve("v032"), prefix);
        ImagePusher pusher = new ImagePusher(registry);
        for (Map.Entry<String, Path> bundle : Map.of("v0.3.1", v031, "v0.3.2", v032).entrySet()) {
            pusher.pushBundle("polls/" + prefix, bundle.getKey(), bundle.getValue());
        }
    }

    private void pushCatalog(RealRegistry registry, String repository, String pkg, String bundles,
            List<String> versions, String dir) throws IOException {
        Path catalog = ChannelFixtures.catalog(temp.resolve(dir), pkg, bundles, versions);
        new ImagePusher(registry).pushImage(repository, "latest", Map.of(CATALOG_LABEL, "/configs"),
                new TestTar().tree(catalog, "configs/").gzip());
    }
}
