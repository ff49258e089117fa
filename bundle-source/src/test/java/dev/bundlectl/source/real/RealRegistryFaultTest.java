package dev.bundlectl.source.real;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.bundlectl.source.errors.RegistryUnavailableException;
import dev.bundlectl.source.registry.CredentialStore;
import dev.bundlectl.source.testing.ImagePusher;
import dev.bundlectl.source.testing.Pulls;
import dev.bundlectl.source.testing.RealRegistry;
import dev.bundlectl.source.testing.RealRegistryExtension;
import dev.bundlectl.source.testing.RealRegistryExtension.Served;
import dev.bundlectl.source.testing.RecordingProxy;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the real registry cannot do on demand, brought to it by a proxy: 503 and 429 answers, and
 * blob redirects to another host, which must not receive the registry's credentials.
 */
@ExtendWith(RealRegistryExtension.class)
class RealRegistryFaultTest {

    private static final String REPO = "samples/cachebox-operator-bundle";

    @TempDir
    Path temp;

    private final Pulls pulls = new Pulls();

    @AfterEach
    void close() {
        pulls.close();
    }

    @Test
    void busyAnswersAreRetriedWithinThePolicy(RealRegistry registry) {
        new ImagePusher(registry).pushBundle(REPO, "v0.3.1", Pulls.sample("cachebox-operator"));
        try (RecordingProxy proxy = new RecordingProxy(registry).failManifests(503, 429)) {
            Pulls.pull(pulls.anonymous(temp.resolve("a")), proxy.address() + "/" + REPO + ":v0.3.1");

            assertThat(proxy.seen().stream().filter(s -> s.uri().contains("/manifests/v0.3.1")).count())
                    .as("two refusals, then the manifest").isEqualTo(3);
        }
    }

    @Test
    void aRegistryThatStaysBusyFailsAfterTheLastAttempt(RealRegistry registry) {
        new ImagePusher(registry).pushBundle(REPO, "v0.3.1", Pulls.sample("cachebox-operator"));
        try (RecordingProxy proxy = new RecordingProxy(registry).failManifests(429, 429, 429, 429, 429)) {
            assertThatThrownBy(() -> Pulls.pull(pulls.anonymous(temp.resolve("a")), proxy.address() + "/" + REPO + ":v0.3.1"))
                    .isInstanceOf(RegistryUnavailableException.class).hasMessageContaining("HTTP 429");
            assertThat(proxy.seen().stream().filter(s -> s.uri().contains("/manifests/")).count()).isEqualTo(4);
        }
    }

    @Test
    void blobRedirectsToAnotherHostGoWithoutTheCredentials(@Served(RealRegistry.Mode.HTPASSWD) RealRegistry registry)
            throws IOException {
        new ImagePusher(registry).pushBundle(REPO, "v0.3.1", Pulls.sample("cachebox-operator"));
        String auth = Files.readString(registry.authFile()).replace(registry.address(), "127.0.0.1:PROXY");
        try (RecordingProxy proxy = new RecordingProxy(registry).redirectBlobs()) {
            Path authFile = Files.writeString(temp.resolve("auth.json"), auth.replace("127.0.0.1:PROXY", proxy.address()));

            Pulls.pull(pulls.sources(temp.resolve("a"), CredentialStore.load(authFile, "--registry-config"), null, false),
                    proxy.address() + "/" + REPO + ":v0.3.1");

            assertThat(proxy.seen()).filteredOn(s -> s.host().equals("localhost")).hasSize(2)
                    .allSatisfy(s -> assertThat(s.authorized()).as("credentials stay with the registry's host").isFalse());
            assertThat(proxy.seen()).filteredOn(s -> s.uri().contains("/manifests/")).anySatisfy(
                    s -> assertThat(s.authorized()).isTrue());
        }
    }
}
