package dev.bundlectl.source.reference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.bundlectl.source.errors.BadReferenceException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ReferenceParserTest {

    private static final String DIGEST = "sha256:" + "ab".repeat(32);

    @TempDir
    Path temp;

    @Test
    void registryReferencesWithTagDigestOrBoth() {
        assertThat(ReferenceParser.parse("quay.io/org/op-bundle:v1.2.3"))
                .isEqualTo(new RegistryReference("quay.io", "org/op-bundle", "v1.2.3", null));
        assertThat(ReferenceParser.parse("127.0.0.1:5000/samples/x@" + DIGEST))
                .isEqualTo(new RegistryReference("127.0.0.1:5000", "samples/x", null, Digest.parse(DIGEST)));
        RegistryReference both = (RegistryReference) ReferenceParser.parse("localhost:5000/a/b:1@" + DIGEST);
        assertThat(both.tag()).isEqualTo("1");
        assertThat(both.manifestReference()).isEqualTo(DIGEST);
        assertThat(both.pinned(Digest.parse(DIGEST))).isEqualTo("localhost:5000/a/b@" + DIGEST);
        assertThat(both.host()).isEqualTo("localhost");
    }

    @ParameterizedTest
    @ValueSource(strings = {"quay.io/Org/op:v1", "quay.io/org/op", "quay.io/org/op:-bad", "quay.io/org/op@sha256:abc",
        "quay.io/org//op:v1", "quay.io/:v1", "oci-layout:/does/not/exist", "oci-archive:/does/not/exist.tar"})
    void malformedReferencesAreBadReferencesNamingTheText(String text) {
        assertThatThrownBy(() -> ReferenceParser.parse(text)).isInstanceOf(BadReferenceException.class)
                .hasMessageContaining(text.startsWith("oci-") ? "/does/not/exist" : text)
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }

    @Test
    void directoriesStayDirectoriesAndAMissingPlainPathIsADirectoryForTheReaderToRefuse() throws IOException {
        Path dotted = Files.createDirectories(temp.resolve("my.bundles/cachebox"));
        assertThat(ReferenceParser.parse(dotted.toString())).isEqualTo(new LocalDirectory(dotted));
        assertThat(ReferenceParser.parse("samples/bundles/missing")).isEqualTo(new LocalDirectory(Path.of("samples/bundles/missing")));
    }

    @Test
    void layoutAndArchiveReferencesTakeATagOrADigest() throws IOException {
        Path layout = Files.createDirectories(temp.resolve("lay:out"));
        Files.writeString(layout.resolve("index.json"), "{}");
        Path archive = Files.writeString(temp.resolve("image.tar"), "");

        assertThat(ReferenceParser.parse("oci-layout:" + layout + ":v1"))
                .isEqualTo(new OciLayoutReference(layout, "v1", null));
        assertThat(ReferenceParser.parse("oci-layout:" + layout + "@" + DIGEST))
                .isEqualTo(new OciLayoutReference(layout, null, Digest.parse(DIGEST)));
        assertThat(ReferenceParser.parse("oci-archive:" + archive)).isEqualTo(new OciArchiveReference(archive, null, null));
    }
}
