package dev.bundlectl.cluster.connect;

import dev.bundlectl.cluster.kube.HandshakeRetry;
import io.vertx.core.net.JdkSSLEngineOptions;
import io.vertx.core.net.SSLEngineOptions;
import io.vertx.core.spi.tls.SslContextFactory;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.security.cert.CertificateException;
import java.util.concurrent.atomic.AtomicBoolean;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLProtocolException;

/**
 * Offers the API server a single TLS 1.3 key share, X25519, instead of the JDK's two, and every
 * group the JDK supports once a server has refused that.
 *
 * <p><b>Why.</b> The JDK's TLS client generates a key share for its first group of each kind, so
 * every handshake makes an X25519 key and a P-256 key, and the server uses one of them (Go's, so
 * kube-apiserver's, picks X25519). From JDK 23 the P-256 arithmetic is written for the optimising
 * compiler's intrinsics; in a fresh CLI process it runs interpreted and was the largest single
 * cost of an install re-run (bench/README.md, "Fifth pass"). kubectl, like every Go client, sends
 * only an X25519 share.
 *
 * <p><b>Servers without X25519.</b> A server that offers only NIST curves (a FIPS-mode API server)
 * refuses a hello that lists only X25519. The refused handshake sent no request, so the request
 * is sent again ({@link HandshakeRetry}) after this has gone back to the JDK's own groups for every
 * later connection. Such a server costs one refused handshake per connection set, nothing more.
 *
 * <p>Only where it can be done per connection: {@code SSLParameters.setNamedGroups} exists from
 * JDK 20. On an older runtime, or when {@code jdk.tls.namedGroups} is set (the JVM's own choice of
 * groups, e.g. a FIPS configuration), nothing changes.
 */
final class SingleKeyShare implements HandshakeRetry {

    private static final String[] FIRST_GROUPS = {"x25519"};
    private static final String GROUPS_PROPERTY = "jdk.tls.namedGroups";
    /** Bounds the walk down a chain of causes (a cycle would otherwise never end). */
    private static final int MAX_CAUSES = 16;
    /** {@code SSLParameters.setNamedGroups(String[])} (JDK 20+); null on older runtimes. */
    private static final MethodHandle SET_NAMED_GROUPS = setNamedGroups();

    private final boolean available;
    private final AtomicBoolean narrowed;

    private SingleKeyShare(boolean available) {
        this.available = available;
        this.narrowed = new AtomicBoolean(available);
    }

    /** One X25519 share first where this runtime can do it per connection and nothing else chose the groups. */
    static SingleKeyShare forThisRuntime() {
        return new SingleKeyShare(namedGroupsSettable() && System.getProperty(GROUPS_PROPERTY) == null);
    }

    /** True while new connections offer X25519 alone. */
    boolean narrowed() {
        return narrowed.get();
    }

    /**
     * The engine options fabric8 configured, made to narrow each new connection's groups; other
     * engine options (OpenSSL) are left as they are.
     */
    SSLEngineOptions wrap(SSLEngineOptions options) {
        if (!available || !(options instanceof JdkSSLEngineOptions jdk)) {
            return options;
        }
        return new NarrowingEngineOptions(jdk, this);
    }

    /**
     * A failed handshake (not a certificate this client rejected, which no choice of groups
     * changes) while connections offered X25519 alone: from now on they offer every group, and the
     * request goes again.
     */
    @Override
    public boolean retryAfter(Throwable failure) {
        if (!available || !failedHandshake(failure)) {
            return false;
        }
        narrowed.set(false);
        return true;
    }

    private void narrow(SSLEngine engine) {
        if (narrowed.get()) {
            setNamedGroups(engine, FIRST_GROUPS.clone());
        }
    }

    /**
     * Limits {@code engine} to {@code groups} (JDK 20+; the runtime must have
     * {@code SSLParameters.setNamedGroups}, as {@link #forThisRuntime()} checks).
     */
    static void setNamedGroups(SSLEngine engine, String[] groups) {
        SSLParameters parameters = engine.getSSLParameters();
        try {
            SET_NAMED_GROUPS.invokeExact(parameters, groups);
        } catch (Throwable unexpected) {
            // The handle was found with this exact type; nothing it does throws a checked exception.
            throw new IllegalStateException("cannot set the TLS named groups", unexpected);
        }
        engine.setSSLParameters(parameters);
    }

    /** Whether this runtime can set a connection's groups ({@code SSLParameters.setNamedGroups}, JDK 20+). */
    static boolean namedGroupsSettable() {
        return SET_NAMED_GROUPS != null;
    }

    /**
     * A handshake that failed for another reason than a certificate: the server's alert (no common
     * group), or this JDK finding no group it can use.
     */
    static boolean failedHandshake(Throwable failure) {
        boolean handshake = false;
        int depth = 0;
        for (Throwable cause = failure; cause != null && depth < MAX_CAUSES; cause = cause.getCause(), depth++) {
            if (cause instanceof CertificateException) {
                return false;
            }
            // A Go server's refusal arrives as a handshake_failure alert; the JDK's own server answers
            // a hello with no group it takes with an unexpected_message alert.
            handshake |= cause instanceof SSLHandshakeException || cause instanceof SSLProtocolException;
        }
        return handshake;
    }

    private static MethodHandle setNamedGroups() {
        try {
            return MethodHandles.publicLookup().findVirtual(SSLParameters.class, "setNamedGroups",
                    MethodType.methodType(void.class, String[].class));
        } catch (NoSuchMethodException | IllegalAccessException beforeJdk20) {
            return null;
        }
    }

    /** fabric8's engine options, with every SSL context they make narrowing its engines. */
    private static final class NarrowingEngineOptions extends JdkSSLEngineOptions {

        private final JdkSSLEngineOptions configured;
        private final SingleKeyShare keyShare;

        NarrowingEngineOptions(JdkSSLEngineOptions configured, SingleKeyShare keyShare) {
            super(configured);
            this.configured = configured;
            this.keyShare = keyShare;
        }

        @Override
        public JdkSSLEngineOptions copy() {
            // As fabric8's own options do: they carry a ready SSL context, not settings to copy.
            return this;
        }

        @Override
        public SslContextFactory sslContextFactory() {
            return new EngineInitFactory(configured.sslContextFactory(), keyShare::narrow);
        }
    }
}
