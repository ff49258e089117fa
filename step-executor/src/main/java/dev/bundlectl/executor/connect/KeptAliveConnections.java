package dev.bundlectl.executor.connect;

import io.fabric8.kubernetes.client.vertx.VertxHttpClientFactory;
import io.vertx.core.Vertx;
import io.vertx.ext.web.client.WebClientOptions;

/**
 * fabric8's Vert.x HTTP client factory with a bounded pool of kept-alive connections, so that
 * concurrent requests share a few TLS connections instead of opening one each (see
 * {@link ClusterConnection}). Everything else (TLS material, authentication, proxies, timeouts) is
 * fabric8's configuration of the client.
 */
final class KeptAliveConnections extends VertxHttpClientFactory {

    private final int maxConnections;

    KeptAliveConnections(Vertx vertx, int maxConnections) {
        super(vertx);
        if (maxConnections < 1) {
            throw new IllegalArgumentException("maxConnections must be at least 1");
        }
        this.maxConnections = maxConnections;
    }

    @Override
    protected void additionalConfig(WebClientOptions options) {
        // Runs after fabric8 has set its own (very large) pool size.
        options.setMaxPoolSize(maxConnections).setKeepAlive(true);
    }
}
