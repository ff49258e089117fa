package dev.bundlectl.executor.connect;

import io.fabric8.kubernetes.client.vertx.VertxHttpClientFactory;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpVersion;
import io.vertx.core.net.JdkSSLEngineOptions;
import io.vertx.ext.web.client.WebClientOptions;

/**
 * fabric8's Vert.x HTTP client factory with a bounded pool of kept-alive connections, so that
 * concurrent requests share a few TLS connections instead of opening one each (see
 * {@link ClusterConnection}), and HTTP/2 over TLS where the server takes it: every request then
 * shares one connection as a stream of its own, where HTTP/1.1 queues requests beyond the pool's
 * connections behind each other. Everything else (TLS material and checks, authentication, proxies,
 * timeouts) is fabric8's configuration of the client.
 *
 * <p>HTTP/2 is offered by ALPN in the TLS handshake ({@link AlpnSslEngineOptions}); a server that
 * does not take part in ALPN, or takes only {@code http/1.1}, is spoken to in HTTP/1.1 over the
 * pool. Plain {@code http://} servers are spoken to in HTTP/1.1 only: Vert.x would otherwise try
 * an {@code h2c} upgrade on the first request.
 */
final class KeptAliveConnections extends VertxHttpClientFactory {

    private final int maxConnections;
    private final boolean offerHttp2;

    /**
     * At most {@code maxConnections} HTTP/1.1 connections; HTTP/2, when negotiated, uses one.
     *
     * @param offerHttp2 whether to offer HTTP/2: true only for a server reached over TLS
     *     ({@code https://}), since the options cannot tell a request's scheme
     */
    KeptAliveConnections(Vertx vertx, int maxConnections, boolean offerHttp2) {
        super(vertx);
        if (maxConnections < 1) {
            throw new IllegalArgumentException("maxConnections must be at least 1");
        }
        this.maxConnections = maxConnections;
        this.offerHttp2 = offerHttp2;
    }

    @Override
    protected void additionalConfig(WebClientOptions options) {
        // Runs after fabric8 has set its own (very large) pool size.
        options.setMaxPoolSize(maxConnections).setKeepAlive(true);
        if (offerHttp2 && options.isSsl() && options.getSslEngineOptions() instanceof JdkSSLEngineOptions fabric8) {
            options.setSslEngineOptions(new AlpnSslEngineOptions(fabric8.sslContextFactory()))
                    .setUseAlpn(true)
                    .setProtocolVersion(HttpVersion.HTTP_2);
        }
    }
}
