package dev.bundlectl.cluster.connect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.executor.testing.LoopbackTls;
import dev.bundlectl.executor.testing.TokenKubeconfig;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.net.JdkSSLEngineOptions;
import io.vertx.core.net.PemKeyCertOptions;
import io.vertx.core.spi.tls.SslContextFactory;
import java.nio.file.Path;
import java.security.cert.CertificateException;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.SSLProtocolException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The single X25519 key share ({@link SingleKeyShare}) against TLS servers that choose their
 * groups: one that takes X25519 answers the first handshake; one that takes only P-256, as a
 * FIPS-mode API server does, refuses it, and the request is sent again and answered, with every
 * later connection offering every group from the start. Connections here verify the server's
 * certificate, as bundlectl's do.
 *
 * <p>Per-connection groups exist from JDK 20. On an older JDK these tests are skipped, saying so,
 * unless {@code -Dbundlectl.requireNamedGroups=true}, which CI sets when it runs them on JDK 25
 * (the release's runtime), where they must run.
 */
class SingleKeyShareTest {

    @TempDir
    Path dir;

    private Vertx serverVertx;
    private LoopbackTls tls;

    @BeforeEach
    void needsPerConnectionGroups() {
        boolean required = Boolean.getBoolean("bundlectl.requireNamedGroups");
        boolean available = SingleKeyShare.namedGroupsSettable();
        if (required && !available) {
            throw new AssertionError("SSLParameters.setNamedGroups is missing on Java "
                    + Runtime.version().feature() + "; these tests need JDK 20+");
        }
        assumeTrue(available, "needs JDK 20+ for per-connection TLS groups (this is Java "
                + Runtime.version().feature() + ")");
        serverVertx = Vertx.vertx();
        tls = LoopbackTls.create();
    }

    @AfterEach
    void stop() throws Exception {
        if (serverVertx != null) {
            serverVertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void aServerWithX25519AnswersTheFirstHandshake() throws Exception {
        CountingServer server = start("x25519");
        try (ClusterConnection connection = connect(server)) {
            assertEquals("ok", version(connection));
            assertEquals(1, server.handshakes.get(), "one handshake, accepted");
        }
    }

    @Test
    void aServerWithoutX25519RefusesOnceAndTheRequestIsSentAgain() throws Exception {
        CountingServer server = start("secp256r1");
        try (ClusterConnection connection = connect(server)) {
            assertEquals("ok", version(connection));
            assertEquals(2, server.handshakes.get(),
                    "the X25519-only hello is refused, then the hello with every group is answered");

            // Later connections offer every group from the start: a third connection (the kept-alive
            // ones are closed by the server after each answer) costs one handshake.
            assertEquals("ok", version(connection));
            assertEquals(3, server.handshakes.get());
        }
    }

    @Test
    void everyGroupIsOfferedWhenTheJvmWasToldWhichToUse() {
        String before = System.getProperty("jdk.tls.namedGroups");
        System.setProperty("jdk.tls.namedGroups", "secp256r1,x25519");
        try {
            assertFalse(SingleKeyShare.forThisRuntime().narrowed());
        } finally {
            if (before == null) {
                System.clearProperty("jdk.tls.namedGroups");
            } else {
                System.setProperty("jdk.tls.namedGroups", before);
            }
        }
        assertTrue(SingleKeyShare.forThisRuntime().narrowed());
    }

    @Test
    void aCertificateTheClientRejectsIsNotRetried() throws Exception {
        CountingServer server = start("x25519");
        LoopbackTls stranger = LoopbackTls.create();
        try (ClusterConnection connection = connect(server, stranger.caPem())) {
            assertThrows(ExecutionException.class, () -> version(connection));
            assertEquals(1, server.handshakes.get(), "an untrusted certificate is not a matter of groups");
        }
        assertFalse(SingleKeyShare.failedHandshake(
                new SSLHandshakeException("PKIX path building failed").initCause(new CertificateException("untrusted"))));
        assertTrue(SingleKeyShare.failedHandshake(new RuntimeException(new SSLHandshakeException(
                "Received fatal alert: handshake_failure"))));
        assertTrue(SingleKeyShare.failedHandshake(new SSLProtocolException(
                "(unexpected_message) Received fatal alert: unexpected_message")));
        assertFalse(SingleKeyShare.failedHandshake(new SSLException("connection reset")));
    }

    private String version(ClusterConnection connection) throws Exception {
        Optional<JsonNode> answer = connection.api().discover("/version")
                .toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
        return answer.orElseThrow().path("answer").asText();
    }

    private ClusterConnection connect(CountingServer server) throws Exception {
        return connect(server, tls.caPem());
    }

    private ClusterConnection connect(CountingServer server, String caPem) throws Exception {
        Path kubeconfig = TokenKubeconfig.write(dir.resolve("kubeconfig-" + System.nanoTime()),
                "https://127.0.0.1:" + server.http.actualPort(), caPem);
        return ClusterConnection.open(new ConnectionSettings(kubeconfig, null, Duration.ofSeconds(20)));
    }

    /** An HTTPS server taking only {@code group}, counting the handshakes it began. */
    private CountingServer start(String group) throws Exception {
        AtomicInteger handshakes = new AtomicInteger();
        HttpServerOptions options = new HttpServerOptions()
                .setHost("127.0.0.1")
                .setPort(0)
                .setSsl(true)
                .setUseAlpn(false)
                .setKeyCertOptions(new PemKeyCertOptions()
                        .setCertValue(Buffer.buffer(tls.certificatePem()))
                        .setKeyValue(Buffer.buffer(tls.privateKeyPem())))
                .setSslEngineOptions(new OneGroupServerEngine(group, handshakes));
        HttpServer http = serverVertx.createHttpServer(options)
                .requestHandler(request -> request.response()
                        // A new connection for each request, so that each one shows its handshake.
                        .putHeader("Connection", "close")
                        .putHeader("Content-Type", "application/json")
                        .end("{\"answer\":\"ok\"}"));
        http.listen().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        return new CountingServer(http, handshakes);
    }

    private record CountingServer(HttpServer http, AtomicInteger handshakes) {
    }

    /** The JDK engine, taking one group; each engine made is a handshake begun. */
    private static final class OneGroupServerEngine extends JdkSSLEngineOptions {

        private final String group;
        private final AtomicInteger handshakes;

        OneGroupServerEngine(String group, AtomicInteger handshakes) {
            this.group = group;
            this.handshakes = handshakes;
        }

        @Override
        public JdkSSLEngineOptions copy() {
            return this;
        }

        @Override
        public SslContextFactory sslContextFactory() {
            return new EngineInitFactory(super.sslContextFactory(), engine -> {
                handshakes.incrementAndGet();
                SingleKeyShare.setNamedGroups(engine, new String[] {group});
            });
        }
    }
}
