package dev.bundlectl.executor.connect;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.executor.kube.KubeApi;
import dev.bundlectl.executor.testing.Await;
import dev.bundlectl.executor.testing.LoopbackTls;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.HttpVersion;
import io.vertx.core.net.PemKeyCertOptions;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Which HTTP version the {@link KubeApi} of a {@link ClusterConnection} speaks, seen from the
 * server's side: HTTP/2 on one connection with a TLS server that offers it (as kube-apiserver
 * does), HTTP/1.1 with a TLS server that does not take part in ALPN or with a plain-HTTP server
 * (no {@code h2c} upgrade), and TLS verification as before. The servers are Vert.x's, which speak
 * both versions and record which one each request came in.
 */
class HttpVersionNegotiationTest {

    private static final int REQUESTS = 12;

    private final Vertx vertx = Vertx.vertx();
    private final Queue<HttpVersion> versions = new ConcurrentLinkedQueue<>();
    private final AtomicInteger connections = new AtomicInteger();
    private final LoopbackTls tls = LoopbackTls.create();

    @AfterEach
    void stop() {
        Await.result(vertx.close());
    }

    @Test
    void speaksHttp2OnOneConnectionWhenTheServerOffersIt() {
        HttpServer server = start(tlsServer().setUseAlpn(true));

        try (ClusterConnection connection = ClusterConnection.connect(trusting(tls.caPem(), "https", server),
                Duration.ofSeconds(30))) {
            sendConcurrently(connection.api());
        }

        assertThat(versions).hasSize(REQUESTS).containsOnly(HttpVersion.HTTP_2);
        assertThat(connections).hasValue(1);
    }

    @Test
    void fallsBackToHttp11WhenTheServerTakesNoPartInAlpn() {
        HttpServer server = start(tlsServer().setUseAlpn(false));

        try (ClusterConnection connection = ClusterConnection.connect(trusting(tls.caPem(), "https", server),
                Duration.ofSeconds(30))) {
            sendConcurrently(connection.api());
        }

        assertThat(versions).hasSize(REQUESTS).containsOnly(HttpVersion.HTTP_1_1);
        assertThat(connections.get()).isBetween(1, ClusterConnection.API_CONNECTIONS);
    }

    @Test
    void speaksHttp11WithoutAnUpgradeToAPlainHttpServer() {
        // Vert.x's server takes an h2c upgrade when a client asks for one, so HTTP_2 here would
        // mean the client asked.
        HttpServer server = start(new HttpServerOptions().setHost("127.0.0.1").setPort(0));

        try (ClusterConnection connection = ClusterConnection.connect(trusting(tls.caPem(), "http", server),
                Duration.ofSeconds(30))) {
            sendConcurrently(connection.api());
        }

        assertThat(versions).hasSize(REQUESTS).containsOnly(HttpVersion.HTTP_1_1);
    }

    @Test
    void stillRefusesAServerItsCertificateAuthorityDidNotSign() {
        HttpServer server = start(tlsServer().setUseAlpn(true));
        String otherAuthority = LoopbackTls.create().caPem();

        try (ClusterConnection connection = ClusterConnection.connect(trusting(otherAuthority, "https", server),
                Duration.ofSeconds(30))) {
            Throwable failure = Await.failure(connection.api().discover("/version"));
            assertThat(failure).hasStackTraceContaining("PKIX");
        }

        assertThat(versions).isEmpty();
    }

    private HttpServerOptions tlsServer() {
        return new HttpServerOptions()
                .setHost("127.0.0.1")
                .setPort(0)
                .setSsl(true)
                .setKeyCertOptions(new PemKeyCertOptions()
                        .setCertValue(Buffer.buffer(tls.certificatePem()))
                        .setKeyValue(Buffer.buffer(tls.privateKeyPem())));
    }

    private HttpServer start(HttpServerOptions options) {
        HttpServer server = vertx.createHttpServer(options)
                .connectionHandler(connection -> connections.incrementAndGet())
                .requestHandler(request -> {
                    versions.add(request.version());
                    request.response().putHeader("Content-Type", "application/json").end("{\"kind\":\"APIVersions\"}");
                });
        return Await.result(server.listen());
    }

    private static Config trusting(String caPem, String scheme, HttpServer server) {
        return new ConfigBuilder(Config.empty())
                .withMasterUrl(scheme + "://127.0.0.1:" + server.actualPort())
                .withCaCertData(Base64.getEncoder().encodeToString(caPem.getBytes(StandardCharsets.US_ASCII)))
                .withOauthToken("not-a-real-token")
                .build();
    }

    private static void sendConcurrently(KubeApi api) {
        List<Future<?>> all = new ArrayList<>();
        for (int i = 0; i < REQUESTS; i++) {
            all.add(api.discover("/api"));
        }
        Await.result(Future.all(all));
    }
}
