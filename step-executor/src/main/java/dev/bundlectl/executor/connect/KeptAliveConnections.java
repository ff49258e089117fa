package dev.bundlectl.executor.connect;

import io.fabric8.kubernetes.client.vertx.VertxHttpClientFactory;
import io.vertx.core.Vertx;
import io.vertx.ext.web.client.WebClientOptions;

/**
 * fabric8's Vert.x HTTP client factory with a bounded pool of kept-alive connections, so that
 * concurrent requests share a few TLS connections instead of opening one each (see
 * {@link ClusterConnection}), and the key share of {@link SingleKeyShare}. Everything else (TLS
 * material, authentication, proxies, timeouts) is fabric8's configuration of the client.
 */
final class KeptAliveConnections extends VertxHttpClientFactory {

    private final int maxConnections;
    private final SingleKeyShare keyShare;

    KeptAliveConnections(Vertx vertx, int maxConnections, SingleKeyShare keyShare) {
        super(vertx);
        if (maxConnections < 1) {
            throw new IllegalArgumentException("maxConnections must be at least 1");
        }
        this.maxConnections = maxConnections;
        this.keyShare = keyShare;
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
