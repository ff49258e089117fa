package dev.bundlectl.controller.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.bundlectl.controller.reconcile.ReconcileException;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Which keys a bundle or a catalog ConfigMap may hold, and the one-line refusals. */
class ConfigMapPackingTest {

    @ParameterizedTest
    @ValueSource(strings = {"catalog.yaml", "cachebox-operator__package.yaml", "cachebox-operator__bundles.json",
            "a__b__c.yml", "my_catalog__index.json"})
    void catalogKeysArePlainPathSegments(String key) {
        assertThat(ConfigMapPacking.CATALOG.checked(key, "ops/cat")).isEqualTo(key);
    }

    @ParameterizedTest
    @ValueSource(strings = {"..__etc__passwd", ".hidden.yaml", "__root.yaml", "a___b.yaml", "a__.yaml", "a__..__b"})
    void catalogKeysThatCouldEscapeOrHideAreRefused(String key) {
        assertThatThrownBy(() -> ConfigMapPacking.CATALOG.checked(key, "ops/cat"))
                .isInstanceOf(ReconcileException.class)
                .hasMessage("ConfigMap ops/cat: key \"" + key + "\" is not a catalog file (expected catalog file "
                        + "paths such as PACKAGE__catalog.yaml)");
    }

    @Test
    void bundleKeysStayInTheTwoBundleDirectories() {
        assertThat(ConfigMapPacking.BUNDLE.checked("manifests__csv.yaml", "ops/b")).isEqualTo("manifests__csv.yaml");
        assertThatThrownBy(() -> ConfigMapPacking.BUNDLE.checked("cachebox-operator__package.yaml", "ops/b"))
                .hasMessage("ConfigMap ops/b: key \"cachebox-operator__package.yaml\" is not a bundle file "
                        + "(expected manifests__NAME or metadata__NAME)");
    }

    @Test
    void anEmptyCatalogAndABundleWithoutManifestsAreRefused() {
        assertThatThrownBy(() -> ConfigMapPacking.CATALOG.checkComplete(Set.of(), "ops/cat"))
                .hasMessage("ConfigMap ops/cat holds no file, so no catalog");
        assertThatThrownBy(() -> ConfigMapPacking.BUNDLE.checkComplete(Set.of("metadata__annotations.yaml"), "ops/b"))
                .hasMessage("ConfigMap ops/b holds no manifests__ key, so no bundle");
    }
}
