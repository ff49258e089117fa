package dev.bundlectl.plan.payload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.bundlectl.bundle.Diagnostic;
import dev.bundlectl.bundle.Diagnostics;
import dev.bundlectl.bundle.Manifest;
import dev.bundlectl.plan.capability.ManifestFixtures;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ReleaseAnnotationValidatorTest {

    private static Manifest annotated(String... keyValues) {
        Map<String, String> annotations = new java.util.LinkedHashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            annotations.put(keyValues[i], keyValues[i + 1]);
        }
        return ManifestFixtures.configMap("manifests/0000_50_x_00.yaml", "cm", annotations);
    }

    private static Diagnostics validate(Manifest manifest) {
        return ReleaseAnnotationValidator.validate(List.of(manifest));
    }

    @Test
    void createOnlyIsComparedIgnoringCase() {
        assertThat(ReleaseAnnotations.isCreateOnly(annotated(ReleaseAnnotations.CREATE_ONLY, "TRUE"))).isTrue();
        assertThat(ReleaseAnnotations.isCreateOnly(annotated(ReleaseAnnotations.CREATE_ONLY, "true"))).isTrue();
        assertThat(ReleaseAnnotations.isCreateOnly(annotated(ReleaseAnnotations.CREATE_ONLY, "false"))).isFalse();
        assertThat(ReleaseAnnotations.isCreateOnly(annotated())).isFalse();
    }

    @Test
    void anOddCreateOnlyValueIsAWarning() {
        Diagnostics diagnostics = validate(annotated(ReleaseAnnotations.CREATE_ONLY, "yes"));
        assertThat(diagnostics.errors()).isEmpty();
        assertThat(diagnostics.warnings()).singleElement()
                .satisfies(w -> assertThat(w.message()).contains("\"yes\" is not \"true\""));
    }

    @Test
    void deleteTrueIsValid() {
        Manifest manifest = annotated(ReleaseAnnotations.DELETE, "true");
        assertThat(validate(manifest).all()).isEmpty();
        assertThat(ReleaseAnnotations.isDelete(manifest)).isTrue();
        assertThat(ReleaseAnnotations.isDelete(annotated())).isFalse();
    }

    @Test
    void anyOtherDeleteValueMakesThePlanInvalid() {
        for (String value : List.of("false", "True", "yes", "")) {
            Diagnostics diagnostics = validate(annotated(ReleaseAnnotations.DELETE, value));
            assertThat(diagnostics.hasErrors()).as(value).isTrue();
            Diagnostic error = diagnostics.errors().get(0);
            assertThat(error.message())
                    .isEqualTo("invalid delete annotation \"release.openshift.io/delete\" value: \"" + value + "\"");
            assertThat(error.object()).isEqualTo("ConfigMap/cm");
            assertThat(error.location().file()).isEqualTo("manifests/0000_50_x_00.yaml");
            assertThat(error.field()).isEqualTo("metadata.annotations[release.openshift.io/delete]");
        }
    }

    @Test
    void installLevelDefaultsToZero() {
        assertThat(ReleaseAnnotations.installLevel(annotated())).isZero();
        assertThat(ReleaseAnnotations.installLevel(annotated(ReleaseAnnotations.INSTALL_LEVEL, "0",
                ReleaseAnnotations.CREATE_ONLY, "true"))).isZero();
    }

    @Test
    void installLevelOneWithCreateOnlyIsValid() {
        Manifest manifest = annotated(ReleaseAnnotations.INSTALL_LEVEL, "1", ReleaseAnnotations.CREATE_ONLY, "True");
        assertThat(validate(manifest).all()).isEmpty();
        assertThat(ReleaseAnnotations.installLevel(manifest)).isEqualTo(1);
    }

    @Test
    void installLevelOtherThanZeroOrOneIsAnError() {
        for (String value : List.of("2", "-1", "01", "one", "")) {
            Diagnostics diagnostics = validate(annotated(ReleaseAnnotations.INSTALL_LEVEL, value,
                    ReleaseAnnotations.CREATE_ONLY, "true"));
            assertThat(diagnostics.errors()).as(value).singleElement().satisfies(e -> {
                assertThat(e.message()).isEqualTo("invalid install level \"" + value
                        + "\": release.openshift.io/install-level must be 0 or 1");
                assertThat(e.object()).isEqualTo("ConfigMap/cm");
                assertThat(e.field()).isEqualTo("metadata.annotations[release.openshift.io/install-level]");
            });
        }
    }

    @Test
    void installLevelRequiresCreateOnly() {
        for (Manifest manifest : List.of(annotated(ReleaseAnnotations.INSTALL_LEVEL, "1"),
                annotated(ReleaseAnnotations.INSTALL_LEVEL, "0"),
                annotated(ReleaseAnnotations.INSTALL_LEVEL, "1", ReleaseAnnotations.CREATE_ONLY, "false"))) {
            assertThat(validate(manifest).errors()).singleElement().satisfies(e -> assertThat(e.message())
                    .isEqualTo("release.openshift.io/install-level requires release.openshift.io/create-only: "
                            + "\"true\" on the same manifest"));
        }
    }

    @Test
    void bothInstallLevelRulesAreReportedTogether() {
        assertThat(validate(annotated(ReleaseAnnotations.INSTALL_LEVEL, "3")).errors()).hasSize(2);
    }

    @Test
    void installLevelAccessorRefusesUnvalidatedValues() {
        assertThatThrownBy(() -> ReleaseAnnotations.installLevel(annotated(ReleaseAnnotations.INSTALL_LEVEL, "2")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("ConfigMap/cm");
    }

    @Test
    void everyManifestIsChecked() {
        Diagnostics diagnostics = ReleaseAnnotationValidator.validate(List.of(annotated(ReleaseAnnotations.DELETE, "no"),
                annotated(), annotated(ReleaseAnnotations.INSTALL_LEVEL, "1")));
        assertThat(diagnostics.errors()).hasSize(2);
    }

    @Test
    void theCorpusPayloadIsValid() {
        assertThat(ReleaseAnnotationValidator.validate(ManifestFixtures.corpusPayload())
                .errors()).isEmpty();
    }
}
