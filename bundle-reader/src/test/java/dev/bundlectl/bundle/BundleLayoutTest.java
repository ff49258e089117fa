package dev.bundlectl.bundle;

import dev.bundlectl.bundle.read.BundleLayout;
import dev.bundlectl.bundle.testing.SharedCorpus;
import static dev.bundlectl.bundle.TestFiles.write;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BundleLayoutTest {

    @TempDir
    Path dir;

    @Test
    void annotationsOrManifestsMakeABundle() {
        write(dir, "a/metadata/annotations.yaml", TestFiles.ANNOTATIONS);
        write(dir, "b/manifests/x.yaml", "kind: X\n");

        assertThat(BundleLayout.isBundle(dir.resolve("a"))).isTrue();
        assertThat(BundleLayout.isBundle(dir.resolve("b"))).isTrue();
    }

    @Test
    void oddLayoutsCountAsBundlesSoTheReaderCanExplainThem() {
        write(dir, "nested/bundle/manifests/csv.yaml", TestFiles.CSV);
        write(dir, "root/demo.clusterserviceversion.yaml", TestFiles.CSV);

        assertThat(BundleLayout.isBundle(dir.resolve("nested"))).isTrue();
        assertThat(BundleLayout.isBundle(dir.resolve("root"))).isTrue();
    }

    @Test
    void plainManifestsAndACrdNamedLikeCsvsAreNotABundle() {
        write(dir, "payload/0000_50_olm_00-clusterserviceversions.crd.yaml",
                TestFiles.CRD.replace("Widget", "ClusterServiceVersion").replace("kind: Custom", "kind: Custom"));
        write(dir, "payload/sub/cm.yaml", "kind: ConfigMap\n");

        assertThat(BundleLayout.isBundle(dir.resolve("payload"))).isFalse();
        assertThat(BundleLayout.isBundle(dir.resolve("missing"))).isFalse();
    }

    @Test
    void everyCorpusPayloadDirIsAPayloadAndEveryDevDirABundle() {
        assertThat(SharedCorpus.children(SharedCorpus.payload())).hasSize(19)
                .allSatisfy(payload -> assertThat(BundleLayout.isBundle(payload)).as(payload.toString()).isFalse());
        assertThat(SharedCorpus.devBundleDirs()).hasSize(150)
                .allSatisfy(bundle -> assertThat(BundleLayout.isBundle(bundle)).as(bundle.toString()).isTrue());
    }
}
