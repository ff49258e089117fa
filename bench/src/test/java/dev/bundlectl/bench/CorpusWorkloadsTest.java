package dev.bundlectl.bench;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.bundle.BundleReadResult;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each workload runs once over a tiny corpus: the sample bundle beside a bundle with broken YAML. */
class CorpusWorkloadsTest {

    @TempDir
    Path corpusRoot;

    private BenchCorpus corpus;
    private final List<Object> sink = new ArrayList<>();
    private final CorpusWorkloads workloads = new CorpusWorkloads();

    @BeforeEach
    void twoBundles() {
        TestCorpus.copyTree(TestCorpus.sampleBundle(), corpusRoot.resolve("dev/cachebox-operator/1.0.0"));
        Path broken = corpusRoot.resolve("dev/broken-operator/0.1.0");
        TestCorpus.write(broken.resolve("manifests/broken.clusterserviceversion.yaml"),
                "apiVersion: operators.coreos.com/v1alpha1\nkind: ClusterServiceVersion\nmetadata: name: x: y\n");
        corpus = BenchCorpus.scan(corpusRoot);
    }

    @Test
    void planningWritesARedactedYamlPlanForEachReadableBundle() {
        int planned = workloads.planAll(corpus, sink::add);

        assertThat(planned).isEqualTo(1);
        List<String> plans = sink.stream().filter(String.class::isInstance).map(String.class::cast).toList();
        assertThat(plans).singleElement().satisfies(yaml -> {
            assertThat(yaml).startsWith("---").contains("kind: InstallPlan").contains("cachebox-operator");
            // What `bundlectl plan -o yaml` prints: Secret values replaced by their digest.
            assertThat(yaml).doesNotContain("CBX-SAMPLE-0000-0000-0000").contains("<redacted sha256:");
        });
    }

    @Test
    void readingReturnsEveryBundlesResultAndCountsTheReadableOnes() {
        int read = workloads.readAll(corpus, sink::add);

        assertThat(read).isEqualTo(1);
        assertThat(sink).hasSize(2).allMatch(BundleReadResult.class::isInstance);
    }

    @Test
    void parsingCountsEveryDocumentAndConsumesTheErrorOfABrokenFile(@TempDir Path parseRoot) {
        Path bundle = parseRoot.resolve("dev/alpha/1.0.0");
        TestCorpus.write(bundle.resolve("manifests/two.yaml"), "kind: A\n---\nkind: B\n");
        TestCorpus.write(bundle.resolve("manifests/service.json"), "{\"kind\": \"Service\"}\n");
        TestCorpus.write(bundle.resolve("manifests/broken.yaml"), "metadata: name: x: y\n");
        TestCorpus.write(bundle.resolve("metadata/annotations.yaml"), "annotations:\n  a: b\n");

        int documents = workloads.parseAll(BenchCorpus.scan(parseRoot), sink::add);

        assertThat(documents).isEqualTo(4);
        assertThat(sink.stream().filter(JsonNode.class::isInstance)).hasSize(4);
        assertThat(sink.stream().filter(IOException.class::isInstance)).hasSize(1);
    }
}
