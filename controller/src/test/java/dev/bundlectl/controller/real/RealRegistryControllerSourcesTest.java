package dev.bundlectl.controller.real;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.controller.source.ControllerSources;
import dev.bundlectl.source.BundleSources;
import dev.bundlectl.source.ResolvedSource;
import dev.bundlectl.source.SourceSettings;
import dev.bundlectl.source.registry.RegistryOptions;
import dev.bundlectl.source.testing.RealRegistry;
import dev.bundlectl.source.testing.RealRegistryExtension;
import dev.bundlectl.source.testing.RecordingProxy;
import dev.bundlectl.source.testing.SampleImages;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The controller's reconciles that want one bundle digest at once share one pull, on the real
 * registry (every request counted by a {@link RecordingProxy}): a fleet's first two reconciles
 * downloaded the sample twice before (bench/controller-fleet.sh, "Controller fleet" in
 * bench/README.md).
 */
@ExtendWith(RealRegistryExtension.class)
class RealRegistryControllerSourcesTest {

    @TempDir
    Path temp;

    @Test
    void reconcilesPullingOneDigestAtOnceShareOnePull(RealRegistry registry) throws Exception {
        SampleImages.pushAll(registry);
        Vertx vertx = Vertx.vertx();
        try (RecordingProxy proxy = new RecordingProxy(registry);
                ControllerSources sources = new ControllerSources(new BundleSources(vertx,
                        new SourceSettings(RegistryOptions.defaults(), temp.resolve("cache"), false)),
                        Duration.ofMinutes(10), Clock.systemUTC())) {
            String image = proxy.address() + "/" + SampleImages.REPOSITORY + ":v0.3.1";

            List<Future<ResolvedSource>> pulls = List.of(sources.bundle(image), sources.bundle(image),
                    sources.bundle(image));
            Future.all(pulls).toCompletionStage().toCompletableFuture().get(60, TimeUnit.SECONDS);

            assertThat(pulls).extracting(pull -> pull.result().directory()).containsOnly(pulls.get(0).result().directory());
            assertThat(pulls.get(0).result().directory().resolve("manifests")).isDirectory();
            List<RecordingProxy.Seen> seen = proxy.seen();
            assertThat(seen).as("one resolution of the tag, one manifest, the config and the one layer")
                    .filteredOn(request -> request.uri().startsWith("/v2/" + SampleImages.REPOSITORY + "/"))
                    .hasSize(4);
            assertThat(seen).filteredOn(request -> request.uri().contains("/blobs/")).hasSize(2);

            // Once done, the pull is forgotten and the cache answers: no download again.
            sources.bundle(image).toCompletionStage().toCompletableFuture().get(60, TimeUnit.SECONDS);
            assertThat(proxy.seen()).filteredOn(request -> request.uri().contains("/blobs/")).hasSize(2);
        } finally {
            vertx.close().toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
        }
    }
}
