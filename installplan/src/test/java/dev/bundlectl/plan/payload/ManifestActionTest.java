package dev.bundlectl.plan.payload;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.bundle.Manifest;
import dev.bundlectl.plan.capability.ManifestFixtures;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ManifestActionTest {

    private static final Manifest DELETE = ManifestFixtures.configMap("gone", Map.of(ReleaseAnnotations.DELETE, "true"));
    private static final Manifest CREATE_ONLY =
            ManifestFixtures.configMap("default", Map.of(ReleaseAnnotations.CREATE_ONLY, "TRUE"));
    private static final Manifest PLAIN = ManifestFixtures.configMap("plain", Map.of());

    @Test
    void deleteAnnotatedManifestsAreSkippedDuringAFirstInstall() {
        ManifestAction action = ManifestAction.of(DELETE, InstallHistory.FIRST_INSTALL);
        assertThat(action.kind()).isEqualTo(ManifestAction.Kind.SKIP);
        assertThat(action.reason()).contains("first install");
        assertThat(ManifestAction.skippedDuringFirstInstall(DELETE)).isTrue();
        assertThat(ManifestAction.skippedDuringFirstInstall(PLAIN)).isFalse();
    }

    @Test
    void deleteAnnotatedManifestsAreDeletedLater() {
        assertThat(ManifestAction.of(DELETE, InstallHistory.UPDATE).kind()).isEqualTo(ManifestAction.Kind.DELETE);
    }

    @Test
    void createOnlyAndPlainManifests() {
        assertThat(ManifestAction.of(CREATE_ONLY, InstallHistory.UPDATE).kind())
                .isEqualTo(ManifestAction.Kind.CREATE_ONLY);
        assertThat(ManifestAction.of(CREATE_ONLY, InstallHistory.FIRST_INSTALL).kind())
                .isEqualTo(ManifestAction.Kind.CREATE_ONLY);
        assertThat(ManifestAction.of(PLAIN, InstallHistory.FIRST_INSTALL).kind()).isEqualTo(ManifestAction.Kind.APPLY);
    }

    @Test
    void deleteWinsOverCreateOnly() {
        Manifest both = ManifestFixtures.configMap("both",
                Map.of(ReleaseAnnotations.DELETE, "true", ReleaseAnnotations.CREATE_ONLY, "true"));
        assertThat(ManifestAction.of(both, InstallHistory.UPDATE).kind()).isEqualTo(ManifestAction.Kind.DELETE);
    }
}
