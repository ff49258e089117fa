package dev.bundlectl.executor.planning;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SupportedKubernetesTest {

    @ParameterizedTest
    @ValueSource(strings = {"v1.26.4", "v1.30.4-eks-a737599", "v1.31.6+a1b2c3d", "v1.34.9", "1.34.0", "not-a-version"})
    void serversFrom126To134AreSupportedAndUnknownVersionsAreNotJudged(String gitVersion) {
        assertThat(SupportedKubernetes.warningFor(gitVersion)).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"v1.25.16", "v1.35.0", "v2.0.0"})
    void serversOutsideThemAreWarnedAboutNamingTheRange(String gitVersion) {
        assertThat(SupportedKubernetes.warningFor(gitVersion)).hasValueSatisfying(warning -> assertThat(warning)
                .startsWith("the server runs Kubernetes " + gitVersion + ", ")
                .contains("than bundlectl supports (1.26 to 1.34): going on"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"v1.25.16"})
    void anOlderServerIsSaidToBeOlder(String gitVersion) {
        assertThat(SupportedKubernetes.warningFor(gitVersion).orElseThrow()).contains("older than");
    }
}
