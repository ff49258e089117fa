package dev.bundlectl.bundle;

import dev.bundlectl.bundle.read.PayloadReader;
import dev.bundlectl.bundle.testing.SharedCorpus;
import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.bundle.yaml.LoadResult;
import dev.bundlectl.bundle.yaml.SafeYamlLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** Reads the OpenShift payload manifests of the corpus ({@code payload-stats.md} has the counts). */
class CorpusPayloadTest {

    private static final String CAPABILITY = "capability.openshift.io/name";

    @Test
    void everyPayloadDirReadsWithoutErrorsAndTheCountsMatchTheStats() {
        PayloadReader reader = new PayloadReader();
        SafeYamlLoader loader = new SafeYamlLoader(ReaderLimits.defaults());
        int objects = 0;
        int imageReferenceObjects = 0;
        int capabilityAnnotated = 0;
        int capabilityAnnotatedImageReferences = 0;
        for (Path dir : SharedCorpus.children(SharedCorpus.payload())) {
            PayloadReadResult result = reader.read(dir);
            assertThat(result.diagnostics().errors()).as(dir.getFileName().toString()).isEmpty();
            objects += result.manifests().size();
            capabilityAnnotated += (int) result.manifests().stream()
                    .filter(m -> m.annotation(CAPABILITY) != null).count();
            Path imageReferences = dir.resolve("image-references");
            if (Files.isRegularFile(imageReferences)) {
                LoadResult loaded = loader.load(imageReferences, "image-references");
                assertThat(loaded.complete()).isTrue();
                imageReferenceObjects += loaded.documents().size();
                capabilityAnnotatedImageReferences += (int) loaded.documents().stream()
                        .filter(d -> d.root().path("metadata").path("annotations").has(CAPABILITY)).count();
            }
        }
        System.out.printf("payload: %d objects read, %d ImageStreams in the skipped image-references files%n",
                objects, imageReferenceObjects);
        // payload-stats.md counts 781 objects (515 with a capability), the 18 image-references
        // ImageStreams included (one with a capability); the CVO never applies those files, so the
        // reader skips them (semantics.md §5).
        assertThat(imageReferenceObjects).isEqualTo(18);
        assertThat(objects + imageReferenceObjects).isEqualTo(781);
        assertThat(capabilityAnnotated + capabilityAnnotatedImageReferences).isEqualTo(515);
        assertThat(capabilityAnnotatedImageReferences).isEqualTo(1);
    }
}
