package dev.bundlectl.source.testing;

import dev.bundlectl.bundle.testing.SharedDirectory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * The real Distribution registry from {@code ../shared/registry}, on 127.0.0.1 and a free port,
 * with its own storage and config in a temp directory: anonymous, htpasswd (Basic), token (a
 * test token server that checks the same user and signs JWTs), or TLS with a self-signed
 * certificate made by {@code keytool}. Its access log is kept, to count requests.
 */
public final class RealRegistry implements AutoCloseable {

    /** How the registry is set up. */
    public enum Mode { ANONYMOUS, HTPASSWD, TOKEN, TLS }

    public static final String USER = "tester";
    public static final String PASSWORD = "s3cret-pass";
    /** bcrypt of {@link #PASSWORD} (made once with libxcrypt, cost 4 to keep tests fast). */
    private static final String BCRYPT = "$2b$04$CMzd9xKcmpsXr3.4gfVjF.SUO24dtzZxSCd/sh.bs5pZbuR/LNdPS";

    private final Mode mode;
    private final Path directory;
    private final int port;
    private final Process process;
    private final Path log;
    private final TestTls tls;
    private final TokenServer tokens;

    private RealRegistry(Mode mode, Path directory, int port, Process process, Path log, TestTls tls,
            TokenServer tokens) {
        this.mode = mode;
        this.directory = directory;
        this.port = port;
        this.process = process;
        this.log = log;
        this.tls = tls;
        this.tokens = tokens;
    }

    /** Starts one; skips the test (or fails under requireShared) when ../shared/registry is missing. */
    public static RealRegistry start(Mode mode, Path directory) {
        Path binary = SharedDirectory.require("registry/docker-registry");
        try {
            int port = freePort();
            TestTls tls = mode == Mode.TLS || mode == Mode.TOKEN ? TestTls.create(directory.resolve("tls")) : null;
            TokenServer tokens = mode == Mode.TOKEN ? TokenServer.start(tls, USER, PASSWORD) : null;
            Path data = Files.createDirectories(directory.resolve("data"));
            StringBuilder config = new StringBuilder("""
                    version: 0.1
                    log: {level: info, accesslog: {disabled: false}}
                    storage: {filesystem: {rootdirectory: %s}, delete: {enabled: true}}
                    """.formatted(data));
            config.append("http: {addr: 127.0.0.1:").append(port);
            if (mode == Mode.TLS) {
                config.append(", tls: {certificate: ").append(tls.certificate()).append(", key: ").append(tls.key()).append("}");
            }
            config.append("}\n");
            if (mode == Mode.HTPASSWD) {
                Path htpasswd = directory.resolve("htpasswd");
                Files.writeString(htpasswd, USER + ":" + BCRYPT + "\n");
                config.append("auth: {htpasswd: {realm: test, path: ").append(htpasswd).append("}}\n");
            }
            if (mode == Mode.TOKEN) {
                config.append("auth: {token: {realm: ").append(tokens.realm()).append(", service: ")
                        .append(TokenServer.SERVICE).append(", issuer: ").append(TokenServer.ISSUER)
                        .append(", rootcertbundle: ").append(tls.certificate()).append("}}\n");
            }
            Path configFile = directory.resolve("config.yml");
            Files.writeString(configFile, config);
            Path log = directory.resolve("registry.log");
            Process process = new ProcessBuilder(binary.toString(), "serve", configFile.toString())
                    .redirectErrorStream(true).redirectOutput(log.toFile()).start();
            RealRegistry registry = new RealRegistry(mode, directory, port, process, log, tls, tokens);
            registry.awaitReady();
            return registry;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    private void awaitReady() {
        HttpClient client = httpClient();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException("the registry exited: " + logText());
            }
            try {
                int status = client.send(HttpRequest.newBuilder(uri("/v2/")).timeout(Duration.ofSeconds(2)).build(),
                        HttpResponse.BodyHandlers.discarding()).statusCode();
                if (status == 200 || status == 401) {
                    return;
                }
            } catch (IOException e) {
                // not listening yet
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
        throw new IllegalStateException("the registry did not answer within 20 s: " + logText());
    }

    /** {@code 127.0.0.1:PORT}. */
    public String address() {
        return "127.0.0.1:" + port;
    }

    public URI uri(String path) {
        return URI.create((mode == Mode.TLS ? "https://" : "http://") + address() + path);
    }

    /** The certificate to trust (TLS mode), as PEM. */
    public Path caFile() {
        return tls.certificate();
    }

    /** A Docker auth file with the test user for this registry. */
    public Path authFile() {
        try {
            Path file = directory.resolve("auth.json");
            String auth = Base64.getEncoder().encodeToString((USER + ":" + PASSWORD).getBytes(StandardCharsets.UTF_8));
            Files.writeString(file, "{\"auths\": {\"" + address() + "\": {\"auth\": \"" + auth + "\"}}}");
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A blocking client for pushing, trusting the test certificate in TLS mode. */
    HttpClient httpClient() {
        HttpClient.Builder builder = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5));
        if (mode == Mode.TLS) {
            builder.sslContext(tls.sslContext());
        }
        return builder.build();
    }

    /** The Authorization header the pusher sends. */
    Optional<String> pushAuthorization(String repository) {
        String basic = "Basic " + Base64.getEncoder().encodeToString((USER + ":" + PASSWORD).getBytes(StandardCharsets.UTF_8));
        if (mode == Mode.HTPASSWD) {
            return Optional.of(basic);
        }
        if (mode == Mode.TOKEN) {
            return Optional.of("Bearer " + tokens.issue(USER, "repository:" + repository + ":pull,push"));
        }
        return Optional.empty();
    }

    /** The registry's data directory (to tamper with a stored blob). */
    public Path blobData(String digestHex) {
        return directory.resolve("data/docker/registry/v2/blobs/sha256/" + digestHex.substring(0, 2) + "/" + digestHex
                + "/data");
    }

    /** How many GET requests for blobs the registry has logged so far. */
    public long blobGets() {
        return settled(() -> logText().lines().filter(line -> line.contains("\"GET /v2/") && line.contains("/blobs/sha256:"))
                .count());
    }

    /** How many GET requests for manifests the registry has logged so far. */
    public long manifestGets() {
        return settled(() -> logText().lines().filter(line -> line.contains("\"GET /v2/") && line.contains("/manifests/"))
                .count());
    }

    /** The registry writes its access log line just after the response: read until two reads agree. */
    private static long settled(java.util.function.LongSupplier count) {
        long previous = count.getAsLong();
        for (int i = 0; i < 20; i++) {
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return previous;
            }
            long now = count.getAsLong();
            if (now == previous) {
                return now;
            }
            previous = now;
        }
        return previous;
    }

    private String logText() {
        try {
            return Files.readString(log);
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (tokens != null) {
            tokens.close();
        }
        try {
            dev.bundlectl.source.layer.LayerExtractor.deleteTree(directory);
        } catch (IOException e) {
            // a temp directory; the OS cleans it eventually
        }
    }

    /** The self-signed certificate and its key, for TLS and for signing tokens. */
    record TestTls(Path certificate, Path key, KeyStore keyStore) {

        static final char[] PASSWORD = "changeit".toCharArray();

        static TestTls create(Path directory) throws IOException {
            Files.createDirectories(directory);
            Path store = directory.resolve("test.p12");
            run(List.of(Path.of(System.getProperty("java.home"), "bin", "keytool").toString(), "-genkeypair",
                    "-keystore", store.toString(), "-storetype", "PKCS12", "-storepass", "changeit", "-alias", "test",
                    "-keyalg", "RSA", "-keysize", "2048", "-validity", "2", "-dname", "CN=127.0.0.1",
                    "-ext", "san=ip:127.0.0.1,dns:localhost", "-ext", "bc:c"));
            try {
                KeyStore keyStore = KeyStore.getInstance("PKCS12");
                try (var in = Files.newInputStream(store)) {
                    keyStore.load(in, PASSWORD);
                }
                Certificate cert = keyStore.getCertificate("test");
                Path certificate = directory.resolve("cert.pem");
                Files.writeString(certificate, pem("CERTIFICATE", cert.getEncoded()));
                Path key = directory.resolve("key.pem");
                Files.writeString(key, pem("PRIVATE KEY", keyStore.getKey("test", PASSWORD).getEncoded()));
                return new TestTls(certificate, key, keyStore);
            } catch (java.security.GeneralSecurityException e) {
                throw new IllegalStateException(e);
            }
        }

        SSLContext sslContext() {
            try {
                TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
                trust.init(keyStore);
                SSLContext context = SSLContext.getInstance("TLS");
                context.init(null, trust.getTrustManagers(), null);
                return context;
            } catch (java.security.GeneralSecurityException e) {
                throw new IllegalStateException(e);
            }
        }

        private static String pem(String type, byte[] der) {
            return "-----BEGIN " + type + "-----\n" + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII))
                    .encodeToString(der) + "\n-----END " + type + "-----\n";
        }

        private static void run(List<String> command) throws IOException {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            try {
                if (process.waitFor() != 0) {
                    throw new IllegalStateException("keytool failed: " + output);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
    }
}
