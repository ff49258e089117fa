package dev.bundlectl.source.testing;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.security.PrivateKey;
import java.security.Signature;
import java.util.Base64;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;

/**
 * The token half of the distribution token flow, for tests: checks the Basic credentials of the
 * one test user and returns a JWT the registry verifies against the test certificate (x5c).
 * Anonymous requests get 401, like a registry that allows no anonymous pulls.
 */
final class TokenServer implements AutoCloseable {

    static final String SERVICE = "bundlectl-test-registry";
    static final String ISSUER = "bundlectl-test-issuer";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpServer server;
    private final RealRegistry.TestTls tls;
    private final String user;
    private final String password;

    private TokenServer(HttpServer server, RealRegistry.TestTls tls, String user, String password) {
        this.server = server;
        this.tls = tls;
        this.user = user;
        this.password = password;
    }

    static TokenServer start(RealRegistry.TestTls tls, String user, String password) throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        TokenServer tokens = new TokenServer(server, tls, user, password);
        server.createContext("/token", tokens::handle);
        server.start();
        return tokens;
    }

    String realm() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/token";
    }

    private void handle(HttpExchange exchange) throws IOException {
        String expected = "Basic " + Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
        if (!expected.equals(exchange.getRequestHeaders().getFirst("Authorization"))) {
            exchange.sendResponseHeaders(401, -1);
            exchange.close();
            return;
        }
        Map<String, String> query = new HashMap<>();
        String raw = exchange.getRequestURI().getRawQuery();
        for (String pair : raw == null ? new String[0] : raw.split("&")) {
            int equals = pair.indexOf('=');
            if (equals > 0) {
                query.put(pair.substring(0, equals), URLDecoder.decode(pair.substring(equals + 1), StandardCharsets.UTF_8));
            }
        }
        byte[] body = ("{\"token\": \"" + issue(user, query.getOrDefault("scope", "")) + "\"}").getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.sendResponseHeaders(200, body.length);
        exchange.getResponseBody().write(body);
        exchange.close();
    }

    /** A JWT granting the actions of {@code scope} ({@code repository:NAME:ACTIONS}). */
    String issue(String subject, String scope) {
        try {
            ObjectNode header = JSON.createObjectNode().put("typ", "JWT").put("alg", "RS256");
            header.putArray("x5c").add(Base64.getEncoder().encodeToString(
                    tls.keyStore().getCertificate("test").getEncoded()));
            long now = System.currentTimeMillis() / 1000;
            ObjectNode claims = JSON.createObjectNode().put("iss", ISSUER).put("sub", subject).put("aud", SERVICE)
                    .put("exp", now + 600).put("nbf", now - 60).put("iat", now).put("jti", UUID.randomUUID().toString());
            String[] parts = scope.split(":");
            if (parts.length == 3) {
                ObjectNode access = claims.putArray("access").addObject();
                access.put("type", parts[0]).put("name", parts[1]);
                for (String action : parts[2].split(",")) {
                    access.withArray("actions").add(action);
                }
            }
            String signingInput = base64Url(JSON.writeValueAsBytes(header)) + "." + base64Url(JSON.writeValueAsBytes(claims));
            Signature signature = Signature.getInstance("SHA256withRSA");
            signature.initSign((PrivateKey) tls.keyStore().getKey("test", RealRegistry.TestTls.PASSWORD));
            signature.update(signingInput.getBytes(StandardCharsets.US_ASCII));
            return signingInput + "." + base64Url(signature.sign());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (java.security.GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String base64Url(byte[] bytes) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
