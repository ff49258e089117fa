package dev.bundlectl.bundle;

import dev.bundlectl.bundle.read.PayloadReader;
import static dev.bundlectl.bundle.TestFiles.write;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PayloadReaderTest {

    @TempDir
    Path dir;

    private final PayloadReader reader = new PayloadReader();

    private static String configMap(String name, String data) {
        return "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: " + name + "\n  namespace: ns\ndata: {k: " + data + "}\n";
    }

    @Test
    void readsYamlYmlAndJsonRecursivelyInRelativePathOrderSkippingOtherFiles() {
        write(dir, "b.yaml", configMap("b", "1"));
        write(dir, "a/z.yml", configMap("az", "1"));
        write(dir, "0000_10_x_01.json",
                "{\"apiVersion\": \"v1\", \"kind\": \"Namespace\", \"metadata\": {\"name\": \"ns\"}}");
        write(dir, "image-references", "kind: ImageStream\napiVersion: image.openshift.io/v1\nspec: {}\n");
        write(dir, "release-metadata", "{}");
        write(dir, "20-tuned.crd.yaml-patch", "- op: add\n");
        write(dir, "notes.md", "hello");
        write(dir, ".git/hooks/x.yaml", configMap("hidden", "1"));

        PayloadReadResult result = reader.read(dir);

        assertThat(result.diagnostics().all()).isEmpty();
        assertThat(result.manifests()).extracting(m -> m.source().file())
                .containsExactly("0000_10_x_01.json", "a/z.yml", "b.yaml");
    }

    @Test
    void listKindsAreExpandedAndVariantsOfOneObjectAreAllKept() {
        write(dir, "list.yaml", TestFiles.CONFIG_MAP_LIST);
        write(dir, "v-default.yaml", configMap("cfg", "default"));
        write(dir, "v-tech.yaml", configMap("cfg", "tech"));
        write(dir, "v-tech-copy.yaml", configMap("cfg", "tech"));

        PayloadReadResult result = reader.read(dir);

        assertThat(result.manifests()).extracting(Manifest::displayName)
                .containsExactly("ConfigMap/one", "ConfigMap/two", "ConfigMap/cfg", "ConfigMap/cfg");
        assertThat(result.diagnostics().errors()).isEmpty();
        assertThat(result.diagnostics().warnings()).singleElement().satisfies(w -> {
            assertThat(w.location().file()).isEqualTo("v-tech.yaml");
            assertThat(w.message()).contains("identical").contains("v-tech-copy.yaml");
        });
    }

    @Test
    void invalidObjectsAndBrokenFilesAreReportedAndTheRestIsRead() {
        write(dir, "a.yaml", "apiVersion: v1\nmetadata: {name: x}\n");
        write(dir, "b.yaml", "a: [\n");
        write(dir, "c.yaml", configMap("ok", "1"));

        PayloadReadResult result = reader.read(dir);

        assertThat(result.manifests()).extracting(Manifest::name).containsExactly("ok");
        List<String> errors = result.diagnostics().errors().stream().map(Diagnostic::toString).toList();
        assertThat(errors).hasSize(2);
        assertThat(errors.get(0)).isEqualTo("error: a.yaml[doc 0]: x: field kind: the object has no kind");
        assertThat(errors.get(1)).startsWith("error: b.yaml[doc 0]: YAML syntax error at line 2");
    }

    @Test
    void aMissingDirectoryIsADiagnostic() {
        PayloadReadResult result = reader.read(dir.resolve("missing"));

        assertThat(result.manifests()).isEmpty();
        assertThat(result.diagnostics().errors()).singleElement().extracting(Diagnostic::message).isEqualTo("not a directory");
    }
}
