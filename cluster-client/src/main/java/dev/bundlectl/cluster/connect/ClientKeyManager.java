package dev.bundlectl.cluster.connect;

import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.internal.CertUtils;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.Principal;
import java.security.PrivateKey;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.Optional;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.X509ExtendedKeyManager;

/**
 * The kubeconfig's client certificate and key, offered to the API server as they are, without the
 * key store fabric8 builds for them.
 *
 * <p>fabric8 puts the key into an in-memory PKCS#12 key store, which encrypts it (10,000 rounds of
 * PBKDF2), and the JDK's key manager decrypts it again at once: in a fresh JVM that was an eighth
 * of a whole {@code bundlectl install} re-run (bench/README.md), on every run with a client
 * certificate (kind, kubeadm, minikube, k3s and the test server all use one). kubectl holds the key
 * in memory, as this does.
 *
 * <p>The key forms read here are the ones clusters write: PKCS#8 ({@code PRIVATE KEY}), PKCS#1
 * RSA ({@code RSA PRIVATE KEY}) and SEC1 EC with a named curve ({@code EC PRIVATE KEY}). For
 * anything else (an encrypted key, odd PEM), {@link #takeFrom} returns empty and fabric8 reads the
 * key as before, with its own error messages.
 */
final class ClientKeyManager extends X509ExtendedKeyManager {

    private static final String ALIAS = "kubeconfig-client";

    private final X509Certificate[] chain;
    private final PrivateKey key;

    ClientKeyManager(X509Certificate[] chain, PrivateKey key) {
        if (chain.length == 0) {
            throw new IllegalArgumentException("no client certificate");
        }
        this.chain = chain.clone();
        this.key = key;
    }

    /**
     * Reads the config's client certificate and key and, when both are read, removes them from the
     * config, so that fabric8 builds no key store for them; the caller then hands this key manager
     * to every HTTP client it builds on the config. Empty, with the config unchanged, when the config
     * has no client certificate or the key is in a form only fabric8 reads.
     */
    static Optional<ClientKeyManager> takeFrom(Config config) {
        boolean hasCertificate = present(config.getClientCertData()) || present(config.getClientCertFile());
        boolean hasKey = present(config.getClientKeyData()) || present(config.getClientKeyFile());
        if (!hasCertificate || !hasKey) {
            return Optional.empty();
        }
        Optional<ClientKeyManager> read = read(config);
        if (read.isPresent()) {
            config.setClientCertData(null);
            config.setClientCertFile(null);
            config.setClientKeyData(null);
            config.setClientKeyFile(null);
        }
        return read;
    }

    private static Optional<ClientKeyManager> read(Config config) {
        try (InputStream certificates = CertUtils.getInputStreamFromDataOrFile(config.getClientCertData(),
                config.getClientCertFile());
                InputStream keyPem = CertUtils.getInputStreamFromDataOrFile(config.getClientKeyData(),
                        config.getClientKeyFile())) {
            if (certificates == null || keyPem == null) {
                return Optional.empty();
            }
            X509Certificate[] chain = CertificateFactory.getInstance("X.509").generateCertificates(certificates)
                    .stream().map(X509Certificate.class::cast).toArray(X509Certificate[]::new);
            Optional<PrivateKey> key = PemPrivateKey.read(new String(keyPem.readAllBytes(),
                    StandardCharsets.US_ASCII));
            if (chain.length == 0 || key.isEmpty()) {
                return Optional.empty();
            }
            return Optional.of(new ClientKeyManager(chain, key.get()));
        } catch (IOException | GeneralSecurityException | RuntimeException unreadable) {
            // fabric8 reads it instead and reports what is wrong in its own words.
            return Optional.empty();
        }
    }

    private static boolean present(String value) {
        return value != null && !value.isEmpty();
    }

    // The server's list of acceptable issuers is not consulted: with one certificate there is no
    // choice to make, and kubectl also sends its certificate whatever the server lists.
    private String aliasFor(String[] keyTypes) {
        if (keyTypes == null) {
            return null;
        }
        for (String keyType : keyTypes) {
            if (matches(keyType)) {
                return ALIAS;
            }
        }
        return null;
    }

    // JSSE asks by key algorithm, for TLS 1.2 sometimes with the certificate's signature algorithm
    // after an underscore ("EC_RSA").
    private boolean matches(String keyType) {
        if (keyType == null) {
            return false;
        }
        int underscore = keyType.indexOf('_');
        String algorithm = underscore < 0 ? keyType : keyType.substring(0, underscore);
        return algorithm.equals(key.getAlgorithm())
                || (algorithm.equals("RSASSA-PSS") && key.getAlgorithm().equals("RSA"));
    }

    @Override
    public String[] getClientAliases(String keyType, Principal[] issuers) {
        return matches(keyType) ? new String[] {ALIAS} : null;
    }

    @Override
    public String chooseClientAlias(String[] keyTypes, Principal[] issuers, Socket socket) {
        return aliasFor(keyTypes);
    }

    @Override
    public String chooseEngineClientAlias(String[] keyTypes, Principal[] issuers, SSLEngine engine) {
        return aliasFor(keyTypes);
    }

    @Override
    public String[] getServerAliases(String keyType, Principal[] issuers) {
        return null;
    }

    @Override
    public String chooseServerAlias(String keyType, Principal[] issuers, Socket socket) {
        return null;
    }

    @Override
    public String chooseEngineServerAlias(String keyType, Principal[] issuers, SSLEngine engine) {
        return null;
    }

    @Override
    public X509Certificate[] getCertificateChain(String alias) {
        return ALIAS.equals(alias) ? chain.clone() : null;
    }

    @Override
    public PrivateKey getPrivateKey(String alias) {
        return ALIAS.equals(alias) ? key : null;
    }

    @Override
    public String toString() {
        // Never the key.
        return "ClientKeyManager[" + chain[0].getSubjectX500Principal().getName() + ", " + key.getAlgorithm() + "]";
    }
}
