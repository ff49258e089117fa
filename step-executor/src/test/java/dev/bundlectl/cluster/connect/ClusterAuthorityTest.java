package dev.bundlectl.cluster.connect;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bundlectl.executor.testing.LoopbackTls;
import dev.bundlectl.executor.testing.TokenKubeconfig;
import io.fabric8.kubernetes.client.Config;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.net.PemKeyCertOptions;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.Base64;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509TrustManager;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The kubeconfig's certificate authority as the only trust root: a server certificate it signed
 * passes, one another authority signed does not, and the JDK's public authorities are not among
 * the accepted issuers; a connection made from a kubeconfig reaches its authority's server and
 * refuses another's. Without an authority, or with verification off, trust stays fabric8's.
 */
class ClusterAuthorityTest {

    @TempDir
    Path dir;

    private final LoopbackTls cluster = LoopbackTls.create();
    private final LoopbackTls stranger = LoopbackTls.create();

    @Test
    void theAuthorityInTheKubeconfigIsTheOnlyOneTrusted() throws Exception {
        Config config = Config.empty();
        config.setCaCertData(base64(cluster.caPem()));

        X509TrustManager trust = only(ClusterAuthority.trustManagers(config));

        assertEquals(1, trust.getAcceptedIssuers().length, "the kubeconfig's authority, no public ones");
        assertArrayEquals(new X509Certificate[] {certificate(cluster.caPem())}, trust.getAcceptedIssuers());
        assertDoesNotThrow(() -> trust.checkServerTrusted(chain(cluster), "RSA"));
        assertThrows(CertificateException.class, () -> trust.checkServerTrusted(chain(stranger), "RSA"));
    }

    @Test
    void anAuthorityFileIsReadAsItsDataWouldBe() throws Exception {
        Path file = Files.writeString(dir.resolve("ca.crt"), cluster.caPem());
        Config config = Config.empty();
        config.setCaCertFile(file.toString());

        X509TrustManager trust = only(ClusterAuthority.trustManagers(config));

        assertDoesNotThrow(() -> trust.checkServerTrusted(chain(cluster), "RSA"));
        assertThrows(CertificateException.class, () -> trust.checkServerTrusted(chain(stranger), "RSA"));
    }

    @Test
    void withoutAnAuthorityOrWithVerificationOffTrustIsFabric8s() throws Exception {
        Config none = Config.empty();
        assertFalse(ClusterAuthority.namesAuthority(none));
        assertTrue(ClusterAuthority.namedOnly(none).isEmpty());
        // fabric8's default: the JDK's public authorities.
        assertTrue(only(ClusterAuthority.trustManagers(none)).getAcceptedIssuers().length > 10);

        Config insecure = Config.empty();
        insecure.setCaCertData(base64(cluster.caPem()));
        insecure.setTrustCerts(true);
        assertFalse(ClusterAuthority.namesAuthority(insecure));

        Config ownStore = Config.empty();
        ownStore.setCaCertData(base64(cluster.caPem()));
        ownStore.setTrustStoreFile(dir.resolve("store.p12").toString());
        assertFalse(ClusterAuthority.namesAuthority(ownStore));
    }

    @Test
    void aConnectionAcceptsTheAuthoritysServerAndRefusesAnyOther() throws Exception {
        Vertx vertx = Vertx.vertx();
        try {
            HttpServer trusted = serve(vertx, cluster);
            HttpServer other = serve(vertx, stranger);
            try (ClusterConnection connection = ClusterConnection.open(settings(trusted))) {
                assertEquals("ok", connection.api().discover("/version").toCompletionStage().toCompletableFuture()
                        .get(30, TimeUnit.SECONDS).orElseThrow().path("answer").asText());
            }
            try (ClusterConnection connection = ClusterConnection.open(settings(other))) {
                ExecutionException refused = assertThrows(ExecutionException.class, () -> connection.api()
                        .discover("/version").toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS));
                assertTrue(String.valueOf(refused.getCause()).contains("TLS handshake failed"),
                        String.valueOf(refused.getCause()));
            }
        } finally {
            vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void aKubeconfigWhoseAuthorityCannotBeReadIsRefusedBeforeAnythingIsSent() throws Exception {
        Path kubeconfig = Files.writeString(dir.resolve("bad-authority"), String.join("\n",
                "apiVersion: v1",
                "kind: Config",
                "clusters:",
                "- name: c",
                "  cluster: {server: 'https://127.0.0.1:9', certificate-authority-data: bm90IGEgY2VydA==}",
                "- name: d",
                "  cluster: {server: 'https://127.0.0.1:9', certificate-authority: " + dir.resolve("missing.crt") + "}",
                "users:",
                "- name: u",
                "  user: {token: not-a-secret}",
                "contexts:",
                "- name: c",
                "  context: {cluster: c, user: u}",
                "- name: d",
                "  context: {cluster: d, user: u}",
                "current-context: c",
                ""));
        ConnectionException data = assertThrows(ConnectionException.class,
                () -> ClusterConnection.open(new ConnectionSettings(kubeconfig, null, Duration.ofSeconds(5))));
        assertEquals("kubeconfig [" + kubeconfig + "]: cluster \"c\": certificate-authority-data holds no readable "
                + "certificate (No certificate data found)", data.getMessage());
        ConnectionException file = assertThrows(ConnectionException.class,
                () -> ClusterConnection.open(new ConnectionSettings(kubeconfig, "d", Duration.ofSeconds(5))));
        assertEquals("kubeconfig [" + kubeconfig + "]: cluster \"d\": certificate-authority holds no readable "
                + "certificate (no such file: " + dir.resolve("missing.crt") + ")", file.getMessage());
    }

    // A kubeconfig naming the cluster's authority, for a server at the given port.
    private ConnectionSettings settings(HttpServer server) {
        Path kubeconfig = TokenKubeconfig.write(dir.resolve("kubeconfig-" + server.actualPort()),
                "https://127.0.0.1:" + server.actualPort(), cluster.caPem());
        return new ConnectionSettings(kubeconfig, null, Duration.ofSeconds(20));
    }

    private static HttpServer serve(Vertx vertx, LoopbackTls tls) throws Exception {
        HttpServer server = vertx.createHttpServer(new HttpServerOptions()
                        .setHost("127.0.0.1")
                        .setPort(0)
                        .setSsl(true)
                        .setKeyCertOptions(new PemKeyCertOptions()
                                .setCertValue(Buffer.buffer(tls.certificatePem()))
                                .setKeyValue(Buffer.buffer(tls.privateKeyPem()))))
                .requestHandler(request -> request.response()
                        .putHeader("Content-Type", "application/json")
                        .end("{\"answer\":\"ok\"}"));
        return server.listen().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    private static X509TrustManager only(TrustManager[] managers) {
        assertEquals(1, managers.length);
        return (X509TrustManager) managers[0];
    }

    private static X509Certificate[] chain(LoopbackTls tls) throws Exception {
        return new X509Certificate[] {certificate(tls.certificatePem())};
    }

    private static X509Certificate certificate(String pem) throws Exception {
        return (X509Certificate) CertificateFactory.getInstance("X.509")
                .generateCertificate(new ByteArrayInputStream(pem.getBytes(StandardCharsets.US_ASCII)));
    }

    private static String base64(String pem) {
        return Base64.getEncoder().encodeToString(pem.getBytes(StandardCharsets.US_ASCII));
    }
}
