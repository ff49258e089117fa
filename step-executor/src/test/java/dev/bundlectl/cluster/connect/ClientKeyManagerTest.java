package dev.bundlectl.cluster.connect;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.executor.testing.LoopbackTls;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The kubeconfig's client certificate moves out of fabric8's config into the key manager, or stays. */
class ClientKeyManagerTest {

    private static final LoopbackTls CERTIFICATE = LoopbackTls.create();

    @TempDir
    Path dir;

    @Test
    void certificateAndKeyFilesAreReadAndTakenOutOfTheConfig() throws Exception {
        Config config = emptyConfig();
        config.setClientCertFile(write("client.crt", CERTIFICATE.certificatePem()).toString());
        config.setClientKeyFile(write("client.key", CERTIFICATE.privateKeyPem()).toString());

        ClientKeyManager manager = ClientKeyManager.takeFrom(config).orElseThrow();

        assertThat(config.getClientCertFile()).isNull();
        assertThat(config.getClientKeyFile()).isNull();
        String alias = manager.chooseEngineClientAlias(new String[] {"EC", "RSA"}, null, null);
        assertThat(alias).isNotNull();
        assertThat(manager.getPrivateKey(alias).getAlgorithm()).isEqualTo("RSA");
        assertThat(manager.getCertificateChain(alias)[0].getSubjectX500Principal().getName()).contains("127.0.0.1");
        assertThat(manager.chooseEngineClientAlias(new String[] {"EC"}, null, null)).isNull();
        assertThat(manager.chooseEngineServerAlias("RSA", null, null)).isNull();
        assertThat(manager.toString()).doesNotContain("PRIVATE");
    }

    @Test
    void inlineBase64DataIsReadAsWell() {
        Config config = emptyConfig();
        config.setClientCertData(base64(CERTIFICATE.certificatePem()));
        config.setClientKeyData(base64(CERTIFICATE.privateKeyPem()));

        assertThat(ClientKeyManager.takeFrom(config)).isPresent();
        assertThat(config.getClientCertData()).isNull();
        assertThat(config.getClientKeyData()).isNull();
    }

    @Test
    void aKeyItCannotReadIsLeftToFabric8() throws Exception {
        Config config = emptyConfig();
        String certificate = write("client.crt", CERTIFICATE.certificatePem()).toString();
        String key = write("client.key", "-----BEGIN ENCRYPTED PRIVATE KEY-----\nMAMCAQA=\n-----END ENCRYPTED PRIVATE KEY-----\n")
                .toString();
        config.setClientCertFile(certificate);
        config.setClientKeyFile(key);

        assertThat(ClientKeyManager.takeFrom(config)).isEmpty();
        assertThat(config.getClientCertFile()).isEqualTo(certificate);
        assertThat(config.getClientKeyFile()).isEqualTo(key);
    }

    @Test
    void noClientCertificateIsNothingToTake() {
        Config config = emptyConfig();
        config.setClientKeyData(base64(CERTIFICATE.privateKeyPem()));

        assertThat(ClientKeyManager.takeFrom(config)).isEmpty();
        assertThat(config.getClientKeyData()).isNotNull();
    }

    private static Config emptyConfig() {
        return new ConfigBuilder(Config.empty()).withMasterUrl("https://127.0.0.1:6443").build();
    }

    private Path write(String name, String text) throws Exception {
        return Files.writeString(dir.resolve(name), text);
    }

    private static String base64(String text) {
        return Base64.getEncoder().encodeToString(text.getBytes(StandardCharsets.US_ASCII));
    }
}
