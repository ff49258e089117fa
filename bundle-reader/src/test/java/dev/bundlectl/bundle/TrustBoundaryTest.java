package dev.bundlectl.bundle;

import dev.bundlectl.bundle.read.PayloadReader;
import dev.bundlectl.bundle.read.BundleReader;
import static dev.bundlectl.bundle.TestFiles.write;
import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.bundle.testing.SpecialFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A bundle or payload directory is a closed tree of regular files: what cannot be read in it (a
 * FIFO, a link out of it, a dangling link, a loop) makes the input invalid, naming the entry; it
 * is never skipped. A FIFO would block a reader that opened it, hence the timeout.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class TrustBoundaryTest {

    @TempDir
    Path dir;

    private Path bundle;
    private Path payload;

    @BeforeEach
    void inputs() throws IOException {
        bundle = TestFiles.bundle(dir.resolve("bundle"));
        payload = dir.resolve("payload");
        write(payload, "a.yaml", "apiVersion: v1\nkind: Namespace\nmetadata: {name: demo}\n");
        write(dir, "elsewhere/secret.yaml", "apiVersion: v1\nkind: Secret\nmetadata: {name: stolen}\n");
    }

    private static String errors(Diagnostics diagnostics) {
        return diagnostics.errors().toString();
    }

    @Test
    void aFifoAmongTheManifestsIsAnError() throws Exception {
        SpecialFiles.fifo(bundle.resolve("manifests/pipe.yaml"));

        BundleReadResult result = new BundleReader().read(bundle);

        assertThat(result.bundle()).isEmpty();
        assertThat(result.diagnostics().errors()).singleElement()
                .hasToString("error: manifests/pipe.yaml: is a FIFO, not a regular file");
    }

    @Test
    void aFifoInPlaceOfTheAnnotationsIsAnError() throws Exception {
        Files.delete(bundle.resolve("metadata/annotations.yaml"));
        SpecialFiles.fifo(bundle.resolve("metadata/annotations.yaml"));

        BundleReadResult result = new BundleReader().read(bundle);

        assertThat(result.bundle()).isEmpty();
        assertThat(result.diagnostics().errors()).singleElement()
                .hasToString("error: metadata/annotations.yaml: is a FIFO, not a regular file");
    }

    @Test
    void aFifoInPlaceOfAPropertiesFileIsAnError() throws Exception {
        SpecialFiles.fifo(bundle.resolve("metadata/properties.yaml"));

        BundleReadResult result = new BundleReader().read(bundle);

        assertThat(result.diagnostics().errors()).singleElement()
                .hasToString("error: metadata/properties.yaml: is a FIFO, not a regular file");
    }

    @Test
    void aManifestLinkedFromOutsideTheBundleIsRefusedNotRead() throws IOException {
        SpecialFiles.link(bundle.resolve("manifests/x.yaml"), "../../elsewhere/secret.yaml");

        BundleReadResult result = new BundleReader().read(bundle);

        assertThat(result.bundle()).isEmpty();
        assertThat(result.diagnostics().errors()).singleElement().hasToString("error: manifests/x.yaml: is a "
                + "symbolic link to ../../elsewhere/secret.yaml, outside the bundle directory; only links within it "
                + "are followed");
        assertThat(errors(result.diagnostics())).doesNotContain("stolen");
    }

    @Test
    void aManifestsDirectoryLinkedFromOutsideIsRefused() throws IOException {
        Path elsewhere = Files.createDirectories(dir.resolve("outside-manifests"));
        Files.move(bundle.resolve("manifests"), elsewhere.resolve("manifests"));
        SpecialFiles.link(bundle.resolve("manifests"), "../outside-manifests/manifests");

        BundleReadResult result = new BundleReader().read(bundle);

        assertThat(result.diagnostics().errors()).singleElement().hasToString("error: manifests/: is a symbolic "
                + "link to ../outside-manifests/manifests, outside the bundle directory; only links within it are "
                + "followed");
    }

    @Test
    void aDanglingLinkAndALoopAreErrorsNamingTheLink() throws IOException {
        SpecialFiles.link(bundle.resolve("manifests/gone.yaml"), "nowhere.yaml");
        SpecialFiles.link(bundle.resolve("manifests/loop-a.yaml"), "loop-b.yaml");
        SpecialFiles.link(bundle.resolve("manifests/loop-b.yaml"), "loop-a.yaml");

        BundleReadResult result = new BundleReader().read(bundle);

        assertThat(result.bundle()).isEmpty();
        assertThat(result.diagnostics().errors()).extracting(Diagnostic::toString).containsExactly(
                "error: manifests/gone.yaml: is a dangling symbolic link (to nowhere.yaml, which does not exist)",
                "error: manifests/loop-a.yaml: is a symbolic link loop (to loop-b.yaml)",
                "error: manifests/loop-b.yaml: is a symbolic link loop (to loop-a.yaml)");
    }

    @Test
    void aLinkWithinTheBundleIsFollowed() throws IOException {
        Files.move(bundle.resolve("manifests/servicemonitor.yaml"), bundle.resolve("shared-servicemonitor.yaml"));
        SpecialFiles.link(bundle.resolve("manifests/servicemonitor.yaml"), "../shared-servicemonitor.yaml");

        BundleReadResult result = new BundleReader().read(bundle);

        assertThat(result.diagnostics().all()).isEmpty();
        assertThat(result.bundle().orElseThrow().manifests()).extracting(Manifest::displayName)
                .contains("ServiceMonitor/demo-metrics");
    }

    @Test
    void anEditorLockAmongTheManifestsIsOnlyAWarning() throws IOException {
        // Emacs marks a file being edited with a dangling link named .#file.
        SpecialFiles.link(bundle.resolve("manifests/.#widgets.crd.yaml"), "user@host.1234:1700000000");

        BundleReadResult result = new BundleReader().read(bundle);

        assertThat(result.bundle()).isPresent();
        assertThat(result.diagnostics().warnings()).singleElement().hasToString("warning: manifests/.#widgets.crd.yaml: "
                + "ignored: is a dangling symbolic link (to user@host.1234:1700000000, which does not exist)");
    }

    @Test
    void anEmptyManifestFileIsAWarningNamingIt() throws IOException {
        write(bundle, "manifests/empty.yaml", "");
        write(bundle, "manifests/comments.yaml", "# nothing yet\n---\n");

        BundleReadResult result = new BundleReader().read(bundle);

        assertThat(result.bundle()).isPresent();
        assertThat(result.diagnostics().warnings()).extracting(Diagnostic::toString).containsExactly(
                "warning: manifests/comments.yaml: the file holds no objects (it is empty, or only comments and "
                        + "empty documents)",
                "warning: manifests/empty.yaml: the file holds no objects (it is empty, or only comments and "
                        + "empty documents)");
    }

    @Test
    void aTaggedValueInAManifestMakesTheBundleInvalid() {
        write(bundle, "manifests/cm.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: cm}\n"
                + "data:\n  run: !!python/object/apply:os.system [\"id\"]\n");

        BundleReadResult result = new BundleReader().read(bundle);

        assertThat(result.bundle()).isEmpty();
        assertThat(result.diagnostics().errors()).singleElement().hasToString("error: manifests/cm.yaml[doc 0]: the "
                + "YAML tag !!python/object/apply:os.system is not supported; only the core schema's tags (!!str, "
                + "!!int, !!float, !!bool, !!null, !!map, !!seq) are (line 5, column 8)");
    }

    @Test
    void thePayloadReaderFollowsTheSamePolicy() throws Exception {
        SpecialFiles.link(payload.resolve("out.yaml"), "../elsewhere/secret.yaml");
        SpecialFiles.fifo(payload.resolve("sub/pipe.yaml"));
        SpecialFiles.link(payload.resolve("gone.yaml"), "nowhere.yaml");

        PayloadReadResult result = new PayloadReader().read(payload);

        assertThat(result.diagnostics().errors()).extracting(Diagnostic::toString).containsExactly(
                "error: gone.yaml: is a dangling symbolic link (to nowhere.yaml, which does not exist)",
                "error: out.yaml: is a symbolic link to ../elsewhere/secret.yaml, outside the payload directory; "
                        + "only links within it are followed",
                "error: sub/pipe.yaml: is a FIFO, not a regular file");
        assertThat(result.manifests()).extracting(Manifest::displayName).containsExactly("Namespace/demo");
    }

    @Test
    void thePayloadReaderReadsLinksWithinItAndStopsAtADirectoryLoop() throws IOException {
        write(payload, "real/cm.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: cm, namespace: demo}\n");
        SpecialFiles.link(payload.resolve("linked.yaml"), "real/cm.yaml");
        SpecialFiles.link(payload.resolve("real/back"), "..");

        PayloadReadResult result = new PayloadReader().read(payload);

        assertThat(result.diagnostics().errors()).extracting(Diagnostic::toString).containsExactly(
                "error: real/back: is a symbolic link loop (back to an enclosing directory)");
        // real/cm.yaml is read too, but holds the same object as linked.yaml, which is kept once.
        assertThat(result.manifests()).extracting(m -> m.source().file()).containsExactly("a.yaml", "linked.yaml");
    }
}
