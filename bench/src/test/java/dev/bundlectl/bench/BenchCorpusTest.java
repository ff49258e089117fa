package dev.bundlectl.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BenchCorpusTest {

    @TempDir
    Path corpus;

    @Test
    void findsCommunityAndGroupedBundlesButNotOddLayouts() {
        TestCorpus.write(corpus.resolve("dev/alpha/1.0.0/manifests/a.clusterserviceversion.yaml"), "kind: X\n");
        TestCorpus.write(corpus.resolve("dev/alpha/2.0.0/manifests/a.clusterserviceversion.yaml"), "kind: X\n");
        TestCorpus.write(corpus.resolve("dev/_certified/beta/0.1/manifests/b.yaml"), "kind: X\n");
        TestCorpus.write(corpus.resolve("dev/_oddlayout/gamma/1.0/bundle/manifests/c.yaml"), "kind: X\n");

        BenchCorpus scanned = BenchCorpus.scan(corpus);

        assertThat(scanned.bundleDirs()).containsExactly(
                corpus.resolve("dev/_certified/beta/0.1"),
                corpus.resolve("dev/alpha/1.0.0"),
                corpus.resolve("dev/alpha/2.0.0"));
    }

    @Test
    void listsOnlyManifestFilesOfManifestsAndMetadata() {
        Path bundle = corpus.resolve("dev/alpha/1.0.0");
        TestCorpus.write(bundle.resolve("manifests/csv.yaml"), "kind: X\n");
        TestCorpus.write(bundle.resolve("manifests/crd.yml"), "kind: X\n");
        TestCorpus.write(bundle.resolve("manifests/service.json"), "{}\n");
        TestCorpus.write(bundle.resolve("manifests/legacy.crd"), "kind: X\n");
        TestCorpus.write(bundle.resolve("manifests/csv.yaml.bak"), "kind: X\n");
        TestCorpus.write(bundle.resolve("manifests/.wh..wh..opq"), "");
        TestCorpus.write(bundle.resolve("manifests/README.md"), "# not a manifest\n");
        TestCorpus.write(bundle.resolve("metadata/annotations.yaml"), "annotations: {}\n");
        TestCorpus.write(bundle.resolve("bundle.Dockerfile.yaml"), "outside manifests/ and metadata/\n");

        List<Path> files = BenchCorpus.scan(corpus).bundles().get(0).files();

        assertThat(files).containsExactly(
                bundle.resolve("manifests/crd.yml"),
                bundle.resolve("manifests/csv.yaml"),
                bundle.resolve("manifests/legacy.crd"),
                bundle.resolve("manifests/service.json"),
                bundle.resolve("metadata/annotations.yaml"));
    }

    @Test
    void theSharedDevSetHas147BundleRootsBesidesItsOddLayouts() {
        // dev.list has 150 entries; the 3 under _oddlayout/ are not bundle roots.
        BenchCorpus shared = BenchCorpus.scan(TestCorpus.sharedCorpus());

        assertThat(shared.bundles()).hasSize(147);
        assertThat(shared.bundleDirs()).noneMatch(dir -> dir.toString().contains("_oddlayout"));
        assertThat(shared.bundleDirs()).anyMatch(dir -> dir.toString().contains("/_certified/"))
                .anyMatch(dir -> dir.toString().contains("/_extra/"));
        assertThat(shared.bundles()).allMatch(bundle -> !bundle.files().isEmpty());
    }
}
