package dev.bundlectl.plan.payload;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.bundle.Manifest;
import dev.bundlectl.plan.capability.ManifestFixtures;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class InstallLevelsTest {

    private static final Manifest A = ManifestFixtures.configMap("a", Map.of());
    private static final Manifest LATE = ManifestFixtures.configMap("late",
            Map.of(ReleaseAnnotations.INSTALL_LEVEL, "1", ReleaseAnnotations.CREATE_ONLY, "true"));
    private static final Manifest B = ManifestFixtures.configMap("b", Map.of());

    @Test
    void firstInstallReconcilesLevelZeroBeforeLevelOne() {
        assertThat(InstallLevels.stages(List.of(A, LATE, B), InstallHistory.FIRST_INSTALL))
                .containsExactly(List.of(A, B), List.of(LATE));
    }

    @Test
    void laterInstallsIgnoreInstallLevels() {
        assertThat(InstallLevels.stages(List.of(A, LATE, B), InstallHistory.UPDATE)).containsExactly(List.of(A, LATE, B));
    }

    @Test
    void emptyStagesAreLeftOut() {
        assertThat(InstallLevels.stages(List.of(LATE), InstallHistory.FIRST_INSTALL)).containsExactly(List.of(LATE));
        assertThat(InstallLevels.stages(List.of(), InstallHistory.FIRST_INSTALL)).isEmpty();
    }
}
