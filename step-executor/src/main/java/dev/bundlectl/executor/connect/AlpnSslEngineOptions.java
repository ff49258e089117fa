package dev.bundlectl.executor.connect;

import io.netty.buffer.UnpooledByteBufAllocator;
import io.netty.handler.ssl.ApplicationProtocolConfig;
import io.netty.handler.ssl.ClientAuth;
import io.netty.handler.ssl.IdentityCipherSuiteFilter;
import io.netty.handler.ssl.JdkSslContext;
import io.netty.handler.ssl.SslContext;
import io.vertx.core.net.JdkSSLEngineOptions;
import io.vertx.core.spi.tls.SslContextFactory;
import java.util.List;
import java.util.Objects;
import javax.net.ssl.SSLException;

/**
 * fabric8's TLS engine options with ALPN offered, so that Vert.x can negotiate HTTP/2 with the API
 * server.
 *
 * <p>fabric8 builds its Netty {@link JdkSslContext} with ALPN disabled and hands it to Vert.x through a
 * context factory that ignores what Vert.x asks of it, so a client set to HTTP/2 still speaks
 * HTTP/1.1. This factory takes fabric8's context as it is (its {@code javax.net.ssl.SSLContext}:
 * key and trust managers, hence the same certificate checks; the same cipher suites and TLS versions)
 * and only adds the application protocols Vert.x asks for. When Vert.x does not ask for ALPN,
 * fabric8's context is used unchanged. A server that does not take part in ALPN leaves the
 * connection on HTTP/1.1.
 */
final class AlpnSslEngineOptions extends JdkSSLEngineOptions {

    private final SslContextFactory fabric8;

    /** Options around {@code fabric8}'s context factory (from the options fabric8 configured). */
    AlpnSslEngineOptions(SslContextFactory fabric8) {
        this.fabric8 = Objects.requireNonNull(fabric8, "fabric8");
    }

    @Override
    public JdkSSLEngineOptions copy() {
        // Vert.x copies its options; the factory it wraps is fabric8's, shared as fabric8 shares it.
        return this;
    }

    @Override
    public SslContextFactory sslContextFactory() {
        return new Factory(fabric8);
    }

    /** One context, as Vert.x configures it before {@link #create}. */
    private static final class Factory implements SslContextFactory {

        private final SslContextFactory fabric8;
        private boolean useAlpn;
        private List<String> protocols = List.of();

        Factory(SslContextFactory fabric8) {
            this.fabric8 = fabric8;
        }

        @Override
        public SslContextFactory useAlpn(boolean useAlpn) {
            this.useAlpn = useAlpn;
            return this;
        }

        @Override
        public SslContextFactory applicationProtocols(List<String> applicationProtocols) {
            this.protocols = applicationProtocols == null ? List.of() : List.copyOf(applicationProtocols);
            return this;
        }

        @Override
        public SslContext create() throws SSLException {
            SslContext made = fabric8.create();
            if (!useAlpn || protocols.isEmpty() || !(made instanceof JdkSslContext jdk) || !jdk.isClient()) {
                return made;
            }
            // fabric8 passes its TLS versions to the context, which has no getter for them: an engine
            // of the context carries them.
            String[] tlsVersions = jdk.newEngine(UnpooledByteBufAllocator.DEFAULT).getEnabledProtocols();
            ApplicationProtocolConfig alpn = new ApplicationProtocolConfig(ApplicationProtocolConfig.Protocol.ALPN,
                    ApplicationProtocolConfig.SelectorFailureBehavior.NO_ADVERTISE,
                    ApplicationProtocolConfig.SelectedListenerFailureBehavior.ACCEPT, protocols);
            return new JdkSslContext(jdk.context(), true, jdk.cipherSuites(), IdentityCipherSuiteFilter.INSTANCE,
                    alpn, ClientAuth.NONE, tlsVersions, false);
        }
    }
}
