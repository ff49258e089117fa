package dev.bundlectl.cluster.connect;

import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.internal.CertUtils;
import io.fabric8.kubernetes.client.internal.SSLUtils;
import java.io.IOException;
import java.io.InputStream;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.util.Collection;
import java.util.Optional;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;

/**
 * Whom a connection trusts to vouch for the API server: the certificate authority the kubeconfig
 * names ({@code certificate-authority} or {@code certificate-authority-data}) and nothing else,
 * as kubectl trusts it. fabric8 adds the JDK's public authorities (150 of them) to it, so a
 * certificate any public authority issued for the server's name passed as well; reading them also
 * cost every run a fresh JVM's parsing of the JDK's trust store, twice (bench/README.md, "Fifth pass").
 *
 * <p>Without an authority in the kubeconfig (a server with a publicly issued certificate), with
 * {@code insecure-skip-tls-verify}, or with a trust store of fabric8's configuration, trust is
 * fabric8's as before.
 */
final class ClusterAuthority {

    private ClusterAuthority() {
    }

    /** The trust managers for {@code config}: its authority alone when it names one, else fabric8's. */
    static TrustManager[] trustManagers(Config config) throws GeneralSecurityException, IOException {
        Optional<TrustManager[]> named = namedOnly(config);
        return named.isPresent() ? named.get() : SSLUtils.trustManagers(config);
    }

    /**
     * The trust managers of the kubeconfig's authority alone; empty when the config names none, or
     * trusts every certificate, or names a trust store of its own.
     */
    static Optional<TrustManager[]> namedOnly(Config config) throws GeneralSecurityException, IOException {
        if (!namesAuthority(config)) {
            return Optional.empty();
        }
        Collection<? extends Certificate> authorities;
        try (InputStream pem = CertUtils.getInputStreamFromDataOrFile(config.getCaCertData(), config.getCaCertFile())) {
            authorities = CertificateFactory.getInstance("X.509").generateCertificates(pem);
        }
        if (authorities.isEmpty()) {
            throw new GeneralSecurityException("the kubeconfig's certificate authority holds no certificate");
        }
        KeyStore store = KeyStore.getInstance(KeyStore.getDefaultType());
        store.load(null, null);
        int index = 0;
        for (Certificate authority : authorities) {
            store.setCertificateEntry("authority-" + index++, authority);
        }
        TrustManagerFactory factory = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        factory.init(store);
        return Optional.of(factory.getTrustManagers());
    }

    /** True when the config names an authority and leaves verification on, with no trust store of its own. */
    static boolean namesAuthority(Config config) {
        boolean authority = notBlank(config.getCaCertData()) || notBlank(config.getCaCertFile());
        return authority && !config.isTrustCerts() && !notBlank(config.getTrustStoreFile());
    }

    private static boolean notBlank(String value) {
        return value != null && !value.isBlank();
    }
}
