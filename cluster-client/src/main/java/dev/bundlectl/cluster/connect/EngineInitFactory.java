package dev.bundlectl.cluster.connect;

import io.netty.handler.ssl.ClientAuth;
import io.netty.handler.ssl.DelegatingSslContext;
import io.netty.handler.ssl.SslContext;
import io.vertx.core.spi.tls.SslContextFactory;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLException;
import javax.net.ssl.TrustManagerFactory;

/**
 * Another factory's SSL contexts, each of whose new engines goes through {@code initialiser}
 * before its first handshake; the settings Vert.x gives go to that factory as they are. Vert.x
 * calls {@link SslContextFactory#create()} for each context it makes, and netty's
 * {@link DelegatingSslContext} hands every engine of it to {@code initEngine}, before Vert.x's own
 * engine settings (which keep what the initialiser set).
 */
final class EngineInitFactory implements SslContextFactory {

    private final SslContextFactory factory;
    private final Consumer<SSLEngine> initialiser;

    EngineInitFactory(SslContextFactory factory, Consumer<SSLEngine> initialiser) {
        this.factory = factory;
        this.initialiser = initialiser;
    }

    @Override
    public SslContextFactory useAlpn(boolean useAlpn) {
        factory.useAlpn(useAlpn);
        return this;
    }

    @Override
    public SslContextFactory clientAuth(ClientAuth clientAuth) {
        factory.clientAuth(clientAuth);
        return this;
    }

    @Override
    public SslContextFactory forClient(boolean forClient) {
        factory.forClient(forClient);
        return this;
    }

    @Override
    public SslContextFactory keyMananagerFactory(KeyManagerFactory keyManagerFactory) {
        factory.keyMananagerFactory(keyManagerFactory);
        return this;
    }

    @Override
    public SslContextFactory trustManagerFactory(TrustManagerFactory trustManagerFactory) {
        factory.trustManagerFactory(trustManagerFactory);
        return this;
    }

    @Override
    public SslContextFactory enabledCipherSuites(Set<String> cipherSuites) {
        factory.enabledCipherSuites(cipherSuites);
        return this;
    }

    @Override
    public SslContextFactory applicationProtocols(List<String> applicationProtocols) {
        factory.applicationProtocols(applicationProtocols);
        return this;
    }

    @Override
    public SslContextFactory serverName(String serverName) {
        factory.serverName(serverName);
        return this;
    }

    @Override
    public SslContext create() throws SSLException {
        return new DelegatingSslContext(factory.create()) {
            @Override
            protected void initEngine(SSLEngine engine) {
                initialiser.accept(engine);
            }
        };
    }
}
