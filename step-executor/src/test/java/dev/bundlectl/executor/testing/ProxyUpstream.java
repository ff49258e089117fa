package dev.bundlectl.executor.testing;

import io.fabric8.kubernetes.client.Config;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;

/**
 * Where {@link FaultProxy} forwards to and how it proves itself there: a loopback {@code https}
 * API server, the CA that signed its certificate, and an admin client certificate and key (all
 * PEM), as a kubeconfig gives them (inline {@code -data} or by file).
 *
 * @param url the server, {@code https://127.0.0.1:port}
 * @param caPem the server's CA
 * @param clientCertificatePem the client certificate the proxy presents
 * @param clientKeyPem its private key
 */
public record ProxyUpstream(URI url, String caPem, String clientCertificatePem, String clientKeyPem) {

    /** The compact constructor refuses anything but https on a loopback address with a port. */
    public ProxyUpstream {
        if (!"https".equals(url.getScheme()) || url.getHost() == null || url.getPort() < 0) {
            throw new IllegalArgumentException("the upstream must be https://host:port, not " + url);
        }
        try {
            if (!InetAddress.getByName(url.getHost()).isLoopbackAddress()) {
                throw new IllegalArgumentException("the upstream must be on a loopback address, not " + url);
            }
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("unknown upstream host in " + url, e);
        }
    }

    /** The server and client certificate of a fabric8 config read from a kubeconfig. */
    public static ProxyUpstream of(Config config) {
        return new ProxyUpstream(URI.create(config.getMasterUrl()),
                pem(config.getCaCertData(), config.getCaCertFile(), "certificate-authority"),
                pem(config.getClientCertData(), config.getClientCertFile(), "client-certificate"),
                pem(config.getClientKeyData(), config.getClientKeyFile(), "client-key"));
    }

    private static String pem(String base64Data, String file, String what) {
        if (base64Data != null && !base64Data.isBlank()) {
            return new String(Base64.getDecoder().decode(base64Data.strip()), StandardCharsets.US_ASCII);
        }
        if (file == null || file.isBlank()) {
            throw new IllegalArgumentException("the kubeconfig has no " + what + " for the proxy to use");
        }
        try {
            return Files.readString(Path.of(file), StandardCharsets.US_ASCII);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the kubeconfig's " + what + " " + file, e);
        }
    }
}
