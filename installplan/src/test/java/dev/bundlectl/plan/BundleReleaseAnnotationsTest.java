package dev.bundlectl.plan;

import dev.bundlectl.bundle.testing.TestBundles;
import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.bundle.Diagnostic;
import dev.bundlectl.plan.api.ApiSurfaces;
import org.junit.jupiter.api.Test;

/** The CVO's release annotations are checked in bundles too: an invalid value makes the plan invalid. */
class BundleReleaseAnnotationsTest {

    private static PlanResult plan(String configMapAnnotations) {
        return new InstallPlanner().plan(TestBundles.bundle("demo", TestBundles.csv("demo.v1"),
                TestBundles.manifest("manifests/settings.yaml", """
                        apiVersion: v1
                        kind: ConfigMap
                        metadata:
                          name: settings
                          annotations:
                        %s
                        """.formatted(configMapAnnotations))), PlanRequest.of("demo", ApiSurfaces.builtIn(), "bundle"));
    }

    @Test
    void anInstallLevelOtherThanZeroOrOneIsAnErrorNamingTheManifestAndField() {
        PlanResult result = plan("""
                    release.openshift.io/install-level: "2"
                    release.openshift.io/create-only: "true"
                """);

        assertThat(result.diagnostics().errors()).singleElement().satisfies(error -> {
            assertThat(error.location().file()).isEqualTo("manifests/settings.yaml");
            assertThat(error.object()).isEqualTo("ConfigMap/settings");
            assertThat(error.field()).isEqualTo("metadata.annotations[release.openshift.io/install-level]");
            assertThat(error.message()).contains("invalid install level \"2\"");
        });
    }

    @Test
    void anInstallLevelWithoutCreateOnlyIsAnError() {
        PlanResult result = plan("""
                    release.openshift.io/install-level: "1"
                """);

        assertThat(result.diagnostics().errors()).extracting(Diagnostic::message)
                .containsExactly("release.openshift.io/install-level requires release.openshift.io/create-only: "
                        + "\"true\" on the same manifest");
    }

    @Test
    void anInvalidDeleteValueIsAnErrorAndValidLevelsAreNot() {
        assertThat(plan("""
                    release.openshift.io/delete: "yes"
                """).diagnostics().errors()).extracting(Diagnostic::message)
                .containsExactly("invalid delete annotation \"release.openshift.io/delete\" value: \"yes\"");
        assertThat(plan("""
                    release.openshift.io/install-level: "1"
                    release.openshift.io/create-only: "true"
                """).diagnostics().hasErrors()).isFalse();
    }
}
