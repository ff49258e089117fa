package dev.bundlectl.source.image;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.bundlectl.bundle.read.BundleReader;
import dev.bundlectl.source.errors.BadReferenceException;
import dev.bundlectl.source.BundleSources;
import dev.bundlectl.source.errors.RefusedImageException;
import dev.bundlectl.source.ResolvedSource;
import dev.bundlectl.source.reference.Digest;
import dev.bundlectl.source.testing.Pulls;
import dev.bundlectl.source.testing.TestLayout;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bundles from OCI layouts and OCI archives: no registry involved, the same checks and cache. */
class OciLayoutPullTest {

    @TempDir
    Path temp;

    private final Pulls pulls = new Pulls();

    @AfterEach
    void close() {
        pulls.close();
    }

    @Test
    void aLayoutByTagByDigestAndAsTheOnlyImage() {
        Path layout = temp.resolve("layout");
        Digest digest = TestLayout.write(layout, "v0.3.1", Pulls.sample("cachebox-operator"));
        BundleSources sources = pulls.anonymous(temp.resolve("cache"));

        ResolvedSource byTag = Pulls.pull(sources, "oci-layout:" + layout + ":v0.3.1");
        ResolvedSource byDigest = Pulls.pull(sources, "oci-layout:" + layout + "@" + digest);
        ResolvedSource only = Pulls.pull(sources, "oci-layout:" + layout);

        assertThat(byTag.image().orElseThrow().digest()).isEqualTo(digest);
        assertThat(byTag.image().orElseThrow().pinned()).isEqualTo("oci-layout:" + layout + "@" + digest);
        assertThat(byDigest.directory()).isEqualTo(byTag.directory());
        assertThat(only.directory()).isEqualTo(byTag.directory());
        assertThat(new BundleReader().read(byTag.directory()).bundle().orElseThrow().packageName())
                .isEqualTo("cachebox-operator");
        assertThatThrownBy(() -> Pulls.pull(sources, "oci-layout:" + layout + ":v9"))
                .isInstanceOf(BadReferenceException.class).hasMessageContaining("no image tagged v9 (it has: v0.3.1)");
    }

    @Test
    void anArchiveOfALayout() {
        Path layout = temp.resolve("layout");
        Digest digest = TestLayout.write(layout, "v0.3.1", Pulls.sample("cachebox-operator"));
        Path archive = TestLayout.archive(layout, temp.resolve("bundle.tar"));

        ResolvedSource pulled = Pulls.pull(pulls.anonymous(temp.resolve("cache")), "oci-archive:" + archive + ":v0.3.1");

        assertThat(pulled.image().orElseThrow().digest()).isEqualTo(digest);
        assertThat(pulled.directory().resolve("manifests/cachebox-operator.clusterserviceversion.yaml")).isRegularFile();
    }

    @Test
    void aTamperedLayoutBlobIsRefused() throws IOException {
        Path layout = temp.resolve("layout");
        TestLayout.write(layout, "v0.3.1", Pulls.sample("cachebox-operator"));
        Path largest;
        try (var blobs = Files.list(layout.resolve("blobs/sha256"))) {
            largest = blobs.max((a, b) -> Long.compare(a.toFile().length(), b.toFile().length())).orElseThrow();
        }
        byte[] bytes = Files.readAllBytes(largest);
        bytes[bytes.length / 2] ^= 1;
        Files.write(largest, bytes);

        assertThatThrownBy(() -> Pulls.pull(pulls.anonymous(temp.resolve("cache")), "oci-layout:" + layout + ":v0.3.1"))
                .isInstanceOf(RefusedImageException.class).hasMessageContaining("wrong digest");
        assertThat(temp.resolve("cache/bundles")).doesNotExist();
    }
}
