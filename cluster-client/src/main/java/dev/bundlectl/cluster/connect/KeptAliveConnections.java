package dev.bundlectl.cluster.connect;

import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.http.HttpClient;
import io.fabric8.kubernetes.client.vertx.VertxHttpClientFactory;
import io.vertx.core.Vertx;
import io.vertx.ext.web.client.WebClientOptions;
import java.util.Optional;

/**
 * fabric8's Vert.x HTTP client factory with a bounded pool of kept-alive connections, so that
 * concurrent requests share a few TLS connections instead of opening one each (see
 * {@link ClusterConnection}), the key share of {@link SingleKeyShare}, and the kubeconfig's
 * certificate authority alone as trust root ({@link ClusterAuthority}). Everything else
 * (authentication, proxies, timeouts, TLS versions) is fabric8's configuration of the client.
 */
final class KeptAliveConnections extends VertxHttpClientFactory {

    private final int maxConnections;
    private final SingleKeyShare keyShare;
    private final Optional<ClientKeyManager> clientKey;

    KeptAliveConnections(Vertx vertx, int maxConnections, SingleKeyShare keyShare,
            Optional<ClientKeyManager> clientKey) {
        super(vertx);
        if (maxConnections < 1) {
            throw new IllegalArgumentException("maxConnections must be at least 1");
        }
        this.maxConnections = maxConnections;
        this.keyShare = keyShare;
        this.clientKey = clientKey;
    }

    /**
     * fabric8's configuration of a client for {@code config}, then this connection's TLS material
     * ({@link ClusterConnection#useTls}). When the kubeconfig names an authority, fabric8 is asked
     * to trust every certificate for the length of its own configuration, which makes it skip
     * reading the JDK's public authorities to merge that one into; its trust managers are replaced
     * before the builder is returned, and the config is as it was.
     */
    @Override
    public HttpClient.Builder newBuilder(Config config) {
        HttpClient.Builder builder;
        if (ClusterAuthority.namesAuthority(config)) {
            config.setTrustCerts(true);
            try {
                builder = super.newBuilder(config);
            } finally {
                config.setTrustCerts(false);
            }
        } else {
            builder = super.newBuilder(config);
        }
        return ClusterConnection.useTls(builder, config, clientKey);
    }

    @Override
    protected void additionalConfig(WebClientOptions options) {
        // Runs after fabric8 has set its own (very large) pool size and its TLS engine options.
        options.setMaxPoolSize(maxConnections).setKeepAlive(true);
        if (options.getSslEngineOptions() != null) {
            options.setSslEngineOptions(keyShare.wrap(options.getSslEngineOptions()));
        }
    }
}
