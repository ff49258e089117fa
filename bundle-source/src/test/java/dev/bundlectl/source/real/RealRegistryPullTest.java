package dev.bundlectl.source.real;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.bundlectl.bundle.BundleReadResult;
import dev.bundlectl.bundle.read.BundleReader;
import dev.bundlectl.source.errors.BadReferenceException;
import dev.bundlectl.source.BundleSources;
import dev.bundlectl.source.errors.RefusedImageException;
import dev.bundlectl.source.errors.RegistryUnavailableException;
import dev.bundlectl.source.ResolvedSource;
import dev.bundlectl.source.reference.Digest;
import dev.bundlectl.source.registry.CredentialStore;
import dev.bundlectl.source.testing.ImagePusher;
import dev.bundlectl.source.testing.Pulls;
import dev.bundlectl.source.testing.RealRegistry;
import dev.bundlectl.source.testing.RealRegistryExtension;
import dev.bundlectl.source.testing.RealRegistryExtension.Served;
import dev.bundlectl.source.testing.TestTar;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** Pulls from the real Distribution registry: every auth mode, TLS, an index, and images that must be refused. */
@ExtendWith(RealRegistryExtension.class)
class RealRegistryPullTest {

    private static final String REPO = "samples/cachebox-operator-bundle";

    @TempDir
    Path temp;

    private final Pulls pulls = new Pulls();

    @AfterEach
    void close() {
        pulls.close();
    }

    @Test
    void anonymousPullGivesADirectoryTheReaderReadsAndASecondPullSendsNoBlobRequest(RealRegistry registry) {
        Digest pushed = new ImagePusher(registry).pushBundle(REPO, "v0.3.1", Pulls.sample("cachebox-operator"));
        BundleSources sources = pulls.anonymous(temp.resolve("cache"));
        String reference = registry.address() + "/" + REPO + ":v0.3.1";

        ResolvedSource first = Pulls.pull(sources, reference);

        assertThat(first.image()).hasValueSatisfying(origin -> {
            assertThat(origin.digest()).isEqualTo(pushed);
            assertThat(origin.pinned()).isEqualTo(registry.address() + "/" + REPO + "@" + pushed);
        });
        assertThat(first.directory()).startsWith(temp.resolve("cache").toAbsolutePath());
        assertThat(first.directory().resolve("README")).as("only the labelled directories are taken").doesNotExist();
        BundleReadResult read = new BundleReader().read(first.directory());
        assertThat(read.diagnostics().errors()).isEmpty();
        assertThat(read.bundle().orElseThrow().packageName()).isEqualTo("cachebox-operator");
        long blobGets = registry.blobGets();
        assertThat(blobGets).as("config and layer").isEqualTo(2);

        long manifestGets = registry.manifestGets();
        ResolvedSource second = Pulls.pull(sources, reference);
        assertThat(registry.manifestGets()).as("a tag is resolved every time").isEqualTo(manifestGets + 1);
        ResolvedSource byDigest = Pulls.pull(sources, registry.address() + "/" + REPO + "@" + pushed);

        assertThat(second.directory()).isEqualTo(first.directory());
        assertThat(byDigest.directory()).isEqualTo(first.directory());
        assertThat(registry.blobGets()).as("a cached digest sends no blob request").isEqualTo(blobGets);
        assertThat(registry.manifestGets()).as("a cached digest reference sends no request at all")
                .isEqualTo(manifestGets + 1);

        Pulls.pull(pulls.sources(temp.resolve("cache"), CredentialStore.anonymous(), null, true), reference);
        assertThat(registry.blobGets()).as("--refresh fetches again").isEqualTo(blobGets + 2);
        assertThat(leftovers(temp.resolve("cache/tmp"))).as("no scratch left behind").isEmpty();
    }

    @Test
    void htpasswdRegistryIsPulledWithTheAuthFileAndRefusedWithout(@Served(RealRegistry.Mode.HTPASSWD) RealRegistry registry) {
        new ImagePusher(registry).pushBundle(REPO, "v0.3.1", Pulls.sample("cachebox-operator"));
        String reference = registry.address() + "/" + REPO + ":v0.3.1";

        assertThatThrownBy(() -> Pulls.pull(pulls.anonymous(temp.resolve("a")), reference))
                .isInstanceOf(RegistryUnavailableException.class).hasMessageContaining("user name and password");
        ResolvedSource pulled = Pulls.pull(pulls.sources(temp.resolve("b"),
                CredentialStore.load(registry.authFile(), "--registry-config"), null, false), reference);

        assertThat(pulled.directory().resolve("manifests/cachebox-operator.clusterserviceversion.yaml")).isRegularFile();
    }

    @Test
    void tokenRegistryIsPulledWithABearerTokenAndNeverShowsTheSecret(@Served(RealRegistry.Mode.TOKEN) RealRegistry registry) {
        new ImagePusher(registry).pushBundle(REPO, "v0.3.1", Pulls.sample("cachebox-operator"));
        String reference = registry.address() + "/" + REPO + ":v0.3.1";

        assertThatThrownBy(() -> Pulls.pull(pulls.anonymous(temp.resolve("a")), reference))
                .isInstanceOf(RegistryUnavailableException.class).hasMessageContaining("refused a token")
                .hasMessageNotContaining(RealRegistry.PASSWORD);
        ResolvedSource pulled = Pulls.pull(pulls.sources(temp.resolve("b"),
                CredentialStore.load(registry.authFile(), "--registry-config"), null, false), reference);

        assertThat(pulled.directory().resolve("metadata/annotations.yaml")).isRegularFile();
    }

    @Test
    void tlsRegistryIsVerifiedWithTheGivenCaAndRefusedWithout(@Served(RealRegistry.Mode.TLS) RealRegistry registry) {
        new ImagePusher(registry).pushBundle(REPO, "v0.3.1", Pulls.sample("cachebox-operator"));
        String reference = registry.address() + "/" + REPO + ":v0.3.1";

        assertThatThrownBy(() -> Pulls.pull(pulls.anonymous(temp.resolve("a")), reference))
                .isInstanceOf(RegistryUnavailableException.class).hasMessageContaining("TLS");
        ResolvedSource pulled = Pulls.pull(pulls.sources(temp.resolve("b"), CredentialStore.anonymous(),
                registry.caFile(), false), reference);

        assertThat(pulled.directory().resolve("manifests")).isDirectory();
    }

    @Test
    void anInsecureRegistryAcceptsAnUnverifiedCertificateForThatRegistryOnly(@Served(RealRegistry.Mode.TLS) RealRegistry registry) {
        new ImagePusher(registry).pushBundle(REPO, "v0.3.1", Pulls.sample("cachebox-operator"));
        String reference = registry.address() + "/" + REPO + ":v0.3.1";

        assertThatThrownBy(() -> Pulls.pull(pulls.insecure(temp.resolve("a"), "127.0.0.1:1"), reference))
                .isInstanceOf(RegistryUnavailableException.class).hasMessageContaining("TLS");
        ResolvedSource pulled = Pulls.pull(pulls.insecure(temp.resolve("b"), registry.address()), reference);

        assertThat(pulled.directory().resolve("manifests")).isDirectory();
    }

    @Test
    void anIndexYieldsItsLinuxAmd64Entry(RealRegistry registry) {
        ImagePusher pusher = new ImagePusher(registry);
        byte[] amd64 = pusher.manifest(REPO, ImagePusher.bundleLabels("registry+v1"), new TestTar()
                .tree(Pulls.sample("cachebox-operator").resolve("manifests"), "manifests/")
                .tree(Pulls.sample("cachebox-operator").resolve("metadata"), "metadata/").gzip());
        byte[] arm64 = pusher.manifest(REPO, ImagePusher.bundleLabels("registry+v1"), new TestTar()
                .tree(Pulls.sample("dashboard-operator").resolve("manifests"), "manifests/")
                .tree(Pulls.sample("dashboard-operator").resolve("metadata"), "metadata/").gzip());
        Digest index = pusher.pushIndex(REPO, "multi", amd64, arm64);

        ResolvedSource pulled = Pulls.pull(pulls.anonymous(temp.resolve("c")), registry.address() + "/" + REPO + ":multi");

        assertThat(pulled.image().orElseThrow().digest()).as("the plan pins the index").isEqualTo(index);
        assertThat(new BundleReader().read(pulled.directory()).bundle().orElseThrow().packageName())
                .isEqualTo("cachebox-operator");
    }

    @Test
    void aBlobWhoseContentDoesNotMatchItsDigestIsRefusedAndNothingIsCached(RealRegistry registry) throws IOException {
        byte[] layer = new TestTar().tree(Pulls.sample("cachebox-operator").resolve("manifests"), "manifests/")
                .tree(Pulls.sample("cachebox-operator").resolve("metadata"), "metadata/").gzip();
        new ImagePusher(registry).pushImage(REPO, "tampered", ImagePusher.bundleLabels("registry+v1"), layer);
        Path stored = registry.blobData(Digest.of(layer).hex());
        byte[] tampered = Files.readAllBytes(stored);
        tampered[tampered.length / 2] ^= 0x55;
        Files.write(stored, tampered);
        Path cache = temp.resolve("cache");

        assertThatThrownBy(() -> Pulls.pull(pulls.anonymous(cache), registry.address() + "/" + REPO + ":tampered"))
                .isInstanceOf(RefusedImageException.class).hasMessageContaining("wrong digest");
        assertThat(leftovers(cache.resolve("bundles"))).isEmpty();
        assertThat(leftovers(cache.resolve("tmp"))).isEmpty();
    }

    @Test
    void aLayerWithDotDotPathsIsRefused(RealRegistry registry) {
        assertRefused(registry, new TestTar().file("manifests/../../escaped.yaml", "kind: ConfigMap").gzip(), ".. path");
        assertThat(temp.getParent().resolve("escaped.yaml")).doesNotExist();
    }

    @Test
    void aSymlinkLayerPointingOutsideIsRefused(RealRegistry registry) {
        assertRefused(registry, new TestTar().directory("manifests/").symlink("manifests/passwd", "../../../../etc/passwd")
                .file("metadata/annotations.yaml", "annotations: {}").gzip(), "outside the image");
    }

    @Test
    void anAbsoluteSymlinkAndAFifoAreRefused(RealRegistry registry) {
        assertRefused(registry, new TestTar().symlink("manifests/x", "/etc/passwd").gzip(), "absolute path");
        assertRefused(registry, new TestTar().fifo("manifests/pipe").gzip(), "FIFO");
    }

    @Test
    void anImageThatIsNotRegistryV1IsRefusedWithThatReason(RealRegistry registry) {
        byte[] layer = new TestTar().tree(Pulls.sample("cachebox-operator").resolve("manifests"), "manifests/").gzip();
        new ImagePusher(registry).pushImage(REPO, "plain", ImagePusher.bundleLabels("plain+v0"), layer);

        assertThatThrownBy(() -> Pulls.pull(pulls.anonymous(temp.resolve("c")), registry.address() + "/" + REPO + ":plain"))
                .isInstanceOf(RefusedImageException.class)
                .hasMessageContaining("operators.operatorframework.io.bundle.mediatype.v1 is \"plain+v0\"")
                .hasMessageContaining("only registry+v1");
    }

    @Test
    void aMissingTagIsABadReferenceAndAClosedPortIsUnreachable(RealRegistry registry) {
        BundleSources sources = pulls.anonymous(temp.resolve("c"));

        assertThatThrownBy(() -> Pulls.pull(sources, registry.address() + "/" + REPO + ":nope"))
                .isInstanceOf(BadReferenceException.class).hasMessageContaining("not found");
        registry.close();
        assertThatThrownBy(() -> Pulls.pull(pulls.anonymous(temp.resolve("d")), registry.address() + "/" + REPO + ":v1"))
                .isInstanceOf(RegistryUnavailableException.class).hasMessageContaining("unreachable");
    }

    private void assertRefused(RealRegistry registry, byte[] layer, String reason) {
        String tag = "hostile-" + Digest.of(layer).hex().substring(0, 8);
        new ImagePusher(registry).pushImage(REPO, tag, ImagePusher.bundleLabels("registry+v1"), layer);
        Path cache = temp.resolve("cache-" + tag);
        assertThatThrownBy(() -> Pulls.pull(pulls.anonymous(cache), registry.address() + "/" + REPO + ":" + tag))
                .isInstanceOf(RefusedImageException.class).hasMessageContaining(reason);
        assertThat(leftovers(cache.resolve("bundles"))).isEmpty();
        assertThat(leftovers(cache.resolve("tmp"))).isEmpty();
    }

    private static java.util.List<Path> leftovers(Path directory) {
        if (!Files.isDirectory(directory)) {
            return java.util.List.of();
        }
        try (Stream<Path> list = Files.list(directory)) {
            return list.toList();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
