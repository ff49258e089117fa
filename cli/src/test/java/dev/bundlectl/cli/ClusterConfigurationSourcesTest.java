package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.client.Config;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.spi.SLF4JServiceProvider;

class ClusterConfigurationSourcesTest {

    @TempDir
    Path home;

    private Properties properties(String... pairs) {
        Properties properties = new Properties();
        properties.setProperty("user.home", home.toString());
        for (int i = 0; i < pairs.length; i += 2) {
            properties.setProperty(pairs[i], pairs[i + 1]);
        }
        return properties;
    }

    private Path noFile() {
        return home.resolve("no-such-namespace-file");
    }

    @Test
    void anEmptyMachineHasNone() {
        assertThat(ClusterConfigurationSources.noneIn(Map.of("HOME", home.toString(), "PATH", "/usr/bin"),
                properties(), noFile())).isTrue();
    }

    @Test
    void anyVariableOrPropertyFabric8ReadsCountsAsASource() {
        for (String variable : new String[] {"KUBECONFIG", "KUBERNETES_NAMESPACE", "KUBERNETES_MASTER", "KUBENAMESPACE"}) {
            assertThat(ClusterConfigurationSources.noneIn(Map.of(variable, "x"), properties(), noFile())).as(variable).isFalse();
        }
        for (String property : new String[] {"kubeconfig", "kubernetes.namespace", "kubenamespace"}) {
            assertThat(ClusterConfigurationSources.noneIn(Map.of(), properties(property, "x"), noFile())).as(property).isFalse();
        }
    }

    @Test
    void aKubeconfigAtHomeOrAServiceAccountNamespaceCountsAsASource() throws IOException {
        Path other = Files.createDirectories(home.resolve("other"));
        Files.createDirectories(other.resolve(".kube"));
        Files.writeString(other.resolve(".kube/config"), "apiVersion: v1\n");
        assertThat(ClusterConfigurationSources.noneIn(Map.of("HOME", other.toString()), properties(), noFile())).isFalse();
        assertThat(ClusterConfigurationSources.noneIn(Map.of(), properties("user.home", other.toString()), noFile())).isFalse();
        Path namespaceFile = Files.writeString(home.resolve("namespace"), "team-a");
        assertThat(ClusterConfigurationSources.noneIn(Map.of(), properties(), namespaceFile)).isFalse();
    }

    @Test
    void whenThereIsNoneFabric8FindsNoNamespaceEither() {
        // The shortcut must agree with fabric8 wherever it applies: checked on this machine as it is.
        if (ClusterConfigurationSources.noneHere()) {
            assertThat(Config.autoConfigure(null).getNamespace()).isNull();
        } else {
            assertThat(TargetNamespace.offline(null)).isNotBlank();
        }
    }

    @Test
    void theSlf4jProviderMainNamesIsTheOneTheJarCarries() throws ReflectiveOperationException {
        // If slf4j-simple were replaced, SLF4J would warn on every run and log nothing.
        Class<?> provider = Class.forName(Main.SLF4J_PROVIDER);
        assertThat(SLF4JServiceProvider.class).isAssignableFrom(provider);
        assertThat(provider.getDeclaredConstructor().newInstance()).isNotNull();
    }
}
