package dev.bundlectl.source.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.bundlectl.bundle.testing.SharedDirectory;
import dev.bundlectl.source.errors.CatalogException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CatalogLoaderTest {

    @TempDir
    Path temp;

    @Test
    void readsTheSampleInYamlAndConcatenatedJsonAndChoosesLikeASubscription() {
        Catalog catalog = new CatalogLoader().load(SharedDirectory.repoRoot().resolve("samples/catalogs/cachebox"));

        assertThat(catalog.packages()).containsOnlyKeys("cachebox-operator");
        assertThat(catalog.bundles()).hasSize(3);
        assertThat(CatalogSelection.choose(catalog, "cachebox-operator", null, null).bundle().name())
                .isEqualTo("cachebox-operator.v0.4.0");
        assertThat(CatalogSelection.choose(catalog, "cachebox-operator", null, "0.3.0").bundle().image())
                .isEqualTo("localhost:5000/samples/cachebox-operator-bundle:v0.3.0");
        assertThat(CatalogSelection.choose(catalog, "cachebox-operator", "preview", null).bundle().name())
                .isEqualTo("cachebox-operator.v0.3.1");
        assertThatThrownBy(() -> CatalogSelection.choose(catalog, "nope", null, null))
                .hasMessage("--package nope: not in the catalog (it has: cachebox-operator)");
        assertThatThrownBy(() -> CatalogSelection.choose(catalog, "cachebox-operator", "fast", null))
                .hasMessage("--channel fast: package cachebox-operator has no such channel (it has: preview, stable)");
        assertThatThrownBy(() -> CatalogSelection.choose(catalog, "cachebox-operator", null, "9.9.9"))
                .hasMessageContaining("--version 9.9.9: not in channel stable");
    }

    @Test
    void aWrongChoiceIsNamedInTheFrontEndsTerms() {
        Catalog catalog = new CatalogLoader().load(SharedDirectory.repoRoot().resolve("samples/catalogs/cachebox"));
        ChoiceNames fields = ChoiceNames.BUNDLE_INSTALL_FIELDS;

        assertThatThrownBy(() -> CatalogSelection.choose(catalog, fields, "nope", null, null))
                .hasMessage("spec.source.catalog.package nope: not in the catalog (it has: cachebox-operator)");
        assertThatThrownBy(() -> CatalogSelection.choose(catalog, fields, "cachebox-operator", "fast", null))
                .hasMessageStartingWith("spec.source.catalog.channel fast: ");
        assertThatThrownBy(() -> CatalogSelection.choose(catalog, fields, "cachebox-operator", null, "9.9.9"))
                .hasMessageStartingWith("spec.source.catalog.version 9.9.9: not in channel stable");
    }

    @Test
    void anyLayoutAndJsonBlobsOneAfterAnother() throws IOException {
        Files.createDirectories(temp.resolve("deep/er"));
        Files.writeString(temp.resolve("deep/er/all.json"), """
                {"schema": "olm.package", "name": "p", "defaultChannel": "c"}
                {"schema": "olm.channel", "package": "p", "name": "c", "entries": [{"name": "p.v1"}]}{"schema": "olm.bundle", "name": "p.v1", "package": "p", "image": "quay.io/p/b:v1"}
                {"schema": "olm.deprecations", "package": "p"}
                """);
        Files.writeString(temp.resolve(".hidden.json"), "not json at all");

        Catalog catalog = new CatalogLoader().load(temp);

        assertThat(CatalogSelection.choose(catalog, "p", null, null).bundle().image()).isEqualTo("quay.io/p/b:v1");
    }

    @Test
    void aBadBlobNamesItsFileBlobAndField() throws IOException {
        Files.writeString(temp.resolve("c.yaml"), """
                schema: olm.package
                name: p
                ---
                schema: olm.channel
                package: p
                name: c
                entries:
                  - name: p.v1
                    skipRange: 'latest'
                """);
        assertThatThrownBy(() -> new CatalogLoader().load(temp)).isInstanceOf(CatalogException.class)
                .hasMessageStartingWith("c.yaml: olm.channel c: field entries[0].skipRange: ");
        Files.writeString(temp.resolve("c.yaml"), "schema: olm.bundle\nname: b\npackage: p\n");
        assertThatThrownBy(() -> new CatalogLoader().load(temp)).hasMessage("c.yaml: olm.bundle b: field image: is required");
        Files.writeString(temp.resolve("c.yaml"), "{ not: [yaml");
        assertThatThrownBy(() -> new CatalogLoader().load(temp)).hasMessageContaining("c.yaml: not valid YAML");
    }
}
