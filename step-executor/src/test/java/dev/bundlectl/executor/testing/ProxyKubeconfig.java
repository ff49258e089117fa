package dev.bundlectl.executor.testing;

import io.fabric8.kubernetes.client.utils.Serialization;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.Map;

/**
 * A copy of a kubeconfig whose clusters point at a {@link FaultProxy}: each cluster's
 * {@code server} becomes the proxy and its CA the proxy's, inline; users and contexts stay. TLS
 * verification stays on. The users' client certificates stay too; the proxy never asks for one.
 */
public final class ProxyKubeconfig {

    private ProxyKubeconfig() {
    }

    /**
     * Writes {@code target}, a copy of {@code upstreamKubeconfig} aimed at {@code proxy}.
     *
     * @return {@code target}
     */
    @SuppressWarnings("unchecked")
    public static Path write(FaultProxy proxy, Path upstreamKubeconfig, Path target) {
        try {
            Map<String, Object> doc = Serialization.unmarshal(Files.readString(upstreamKubeconfig), Map.class);
            String ca = Base64.getEncoder().encodeToString(proxy.caPem().getBytes(StandardCharsets.US_ASCII));
            for (Map<String, Object> named : (List<Map<String, Object>>) doc.get("clusters")) {
                Map<String, Object> cluster = (Map<String, Object>) named.get("cluster");
                cluster.remove("certificate-authority");
                cluster.remove("insecure-skip-tls-verify");
                cluster.put("certificate-authority-data", ca);
                cluster.put("server", proxy.url());
            }
            Files.writeString(target, Serialization.asYaml(doc));
            return target;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
