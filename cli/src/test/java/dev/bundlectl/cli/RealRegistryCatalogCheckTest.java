package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.source.testing.RealRegistry;
import dev.bundlectl.source.testing.RealRegistryExtension;
import dev.bundlectl.source.testing.SampleImages;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code catalog check --upgrades} of a file-based catalog: its channels' entries make the edges
 * (the sample catalog's stable channel: 0.3.0 to 0.3.1 and to 0.4.0, 0.3.1 to 0.4.0), and each
 * bundle is pulled by its image from a real registry. The sample's three versions share their CRDs,
 * so no edge breaks anything.
 */
@ExtendWith(RealRegistryExtension.class)
class RealRegistryCatalogCheckTest {

    @TempDir
    Path temp;

    @Test
    void aFileBasedCatalogsEdgesComeFromItsChannelsAndItsBundlesArePulled(RealRegistry registry) {
        SampleImages.pushAll(registry);
        Path catalog = SampleImages.catalogFor(registry, temp.resolve("catalog"));

        CliRun run = CliRun.of("catalog", "check", "--upgrades", catalog.toString(), "--cache-dir",
                temp.resolve("cache").toString());

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(run.out()).isEqualTo("1 package, 3 bundles, 2 channels: 3 upgrade edges checked, 0 CRD pairs "
                + "compared; no edge would break stored objects.\n");
    }
}
