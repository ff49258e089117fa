package dev.bundlectl.source.layer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.bundlectl.source.errors.RefusedImageException;
import dev.bundlectl.source.testing.TestTar;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LayerExtractorTest {

    @TempDir
    Path temp;

    private LayerExtractor extractor(ExtractionLimits limits) throws IOException {
        return new LayerExtractor(Map.of("/manifests/", "manifests", "metadata", "metadata"),
                Files.createDirectories(temp.resolve("out")), limits);
    }

    private Path layer(byte[] bytes) throws IOException {
        return Files.write(Files.createTempFile(temp, "layer", ".tar"), bytes);
    }

    @Test
    void takesOnlyTheLabelledDirectoriesAppliesWhiteoutsAndCopiesHardLinks() throws IOException {
        LayerExtractor extractor = extractor(ExtractionLimits.BUNDLE);
        extractor.apply(layer(new TestTar().file("manifests/a.yaml", "a").file("manifests/b.yaml", "b")
                .file("metadata/annotations.yaml", "x").file("etc/other", "not taken").gzip()), "layer 1");
        extractor.apply(layer(new TestTar().file("manifests/.wh.a.yaml", "").hardLink("manifests/c.yaml", "manifests/b.yaml")
                .symlink("manifests/d.yaml", "b.yaml").tar()), "layer 2");

        Path out = temp.resolve("out");
        assertThat(out.resolve("manifests/a.yaml")).doesNotExist();
        assertThat(out.resolve("manifests/c.yaml")).hasContent("b");
        assertThat(out.resolve("manifests/d.yaml")).as("inner symlinks are not created").doesNotExist();
        assertThat(out.resolve("etc")).doesNotExist();
        assertThat(out.resolve("metadata/annotations.yaml")).hasContent("x");
    }

    @Test
    void refusesEscapesEvenOutsideTheTakenDirectories() throws IOException {
        assertRefused(new TestTar().file("../x", "x"), ".. path segment");
        assertRefused(new TestTar().file("/etc/x", "x"), "absolute path");
        assertRefused(new TestTar().symlink("other/l", "../../x"), "outside the image");
        assertRefused(new TestTar().hardLink("manifests/l", "../x"), "outside the image");
        assertRefused(new TestTar().hardLink("manifests/l", "/etc/shadow"), "outside the image");
        assertRefused(new TestTar().fifo("manifests/f"), "FIFO");
        assertThat(temp.resolve("x")).doesNotExist();
    }

    @Test
    void capsTotalSizePerFileSizeAndEntryCount() throws IOException {
        assertRefused(new TestTar().file("manifests/big", new byte[2048]), new ExtractionLimits(1 << 20, 1024, 100),
                "larger than 1024 bytes");
        assertRefused(new TestTar().file("other/a", new byte[800]).file("other/b", new byte[800]),
                new ExtractionLimits(1024, 1024, 100), "larger than 1024 bytes uncompressed");
        assertRefused(new TestTar().file("a", "").file("b", "").file("c", ""), new ExtractionLimits(1 << 20, 1024, 2),
                "more than 2 entries");
    }

    @Test
    void aLayerThatIsNotTarIsRefused() throws IOException {
        byte[] junk = new byte[1024];
        junk[0] = 'x';
        assertThatThrownBy(() -> extractor(ExtractionLimits.BUNDLE).apply(layer(junk), "layer j"))
                .isInstanceOf(RefusedImageException.class).hasMessageContaining("layer j");
    }

    private void assertRefused(TestTar tar, String reason) throws IOException {
        assertRefused(tar, ExtractionLimits.BUNDLE, reason);
    }

    private void assertRefused(TestTar tar, ExtractionLimits limits, String reason) throws IOException {
        LayerExtractor extractor = new LayerExtractor(Map.of("manifests", "manifests", "other", "other"),
                Files.createTempDirectory(temp, "out"), limits);
        Path file = layer(tar.gzip());
        assertThatThrownBy(() -> extractor.apply(file, "layer h")).isInstanceOf(RefusedImageException.class)
                .hasMessageContaining(reason);
    }
}
