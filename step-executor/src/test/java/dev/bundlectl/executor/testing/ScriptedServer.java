package dev.bundlectl.executor.testing;

import dev.bundlectl.cluster.connect.ClusterConnection;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerRequest;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * An API server that answers from a script, for what fabric8's mock cannot do: reset
 * connections, never answer (so the client times out), or hold an answer until the test
 * releases it. Queued replies for a method and path are used in order; then the path's
 * standing reply, else 404 NotFound.
 */
public final class ScriptedServer implements AutoCloseable {

    /** One scripted reply. */
    public sealed interface Reply permits Respond, Reset, Hang, Held {
    }

    /** An HTTP answer. */
    public record Respond(int code, String contentType, String body, Map<String, String> headers) implements Reply {
    }

    /** Close the connection without answering. */
    public record Reset() implements Reply {
    }

    /** Never answer. */
    public record Hang() implements Reply {
    }

    /** Answer {@code then} once {@code release} completes. */
    public record Held(CompletableFuture<Void> release, Reply then) implements Reply {
    }

    public static Reply json(int code, String body) {
        return new Respond(code, "application/json", body, Map.of());
    }

    public static Reply json(int code, String body, String header, String value) {
        return new Respond(code, "application/json", body, Map.of(header, value));
    }

    public static Reply text(int code, String body) {
        return new Respond(code, "text/plain; charset=utf-8", body, Map.of());
    }

    public static Reply status(int code, String reason, String message) {
        return json(code, Statuses.status(code, reason, message));
    }

    public static Reply reset() {
        return new Reset();
    }

    public static Reply hang() {
        return new Hang();
    }

    private final Vertx vertx = Vertx.vertx();
    private final HttpServer server;
    private final Map<String, Deque<Reply>> queued = new HashMap<>();
    private final Map<String, Reply> standing = new HashMap<>();
    private final List<String> log = new ArrayList<>();
    private final List<ClusterConnection> connections = new ArrayList<>();

    private ScriptedServer() {
        DiscoveryDocuments.builtIn().forEach((path, document) -> always("GET", path, json(200, document)));
        try {
            server = vertx.createHttpServer().requestHandler(this::handle).listen(0, "127.0.0.1")
                    .toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException("cannot start the scripted server", e);
        }
    }

    /** A server that already serves the built-in discovery documents. */
    public static ScriptedServer start() {
        return new ScriptedServer();
    }

    /** Queues replies for a method and path (path without query). */
    public synchronized ScriptedServer on(String method, String path, Reply... replies) {
        queued.computeIfAbsent(method + " " + path, key -> new ArrayDeque<>()).addAll(List.of(replies));
        return this;
    }

    /** The reply once the queue for this method and path is used up. */
    public synchronized ScriptedServer always(String method, String path, Reply reply) {
        standing.put(method + " " + path, reply);
        return this;
    }

    /** Every request as {@code METHOD path?query}. */
    public synchronized List<String> requests() {
        return List.copyOf(log);
    }

    public synchronized long count(String method, String path) {
        return log.stream().filter(line -> line.equals(method + " " + path) || line.startsWith(method + " " + path + "?"))
                .count();
    }

    /** A connection whose requests time out after {@code requestTimeout}. */
    public ClusterConnection connect(Duration requestTimeout) {
        Config config = new ConfigBuilder()
                .withMasterUrl("http://127.0.0.1:" + server.actualPort())
                .withNamespace(Manifests.NS)
                .build();
        ClusterConnection connection = ClusterConnection.connect(config, requestTimeout);
        synchronized (this) {
            connections.add(connection);
        }
        return connection;
    }

    private void handle(HttpServerRequest request) {
        Reply reply;
        synchronized (this) {
            log.add(request.method().name() + " " + request.uri());
            String key = request.method().name() + " " + request.path();
            Deque<Reply> queue = queued.get(key);
            reply = queue != null && !queue.isEmpty() ? queue.poll() : standing.get(key);
        }
        if (reply == null) {
            reply = status(404, "NotFound", "the server could not find the requested resource");
        }
        Reply chosen = reply;
        request.body().onComplete(body -> send(request, chosen));
    }

    private void send(HttpServerRequest request, Reply reply) {
        if (reply instanceof Respond respond) {
            request.response().setStatusCode(respond.code()).putHeader("Content-Type", respond.contentType());
            respond.headers().forEach((name, value) -> request.response().putHeader(name, value));
            request.response().end(respond.body());
        } else if (reply instanceof Reset) {
            request.connection().close();
        } else if (reply instanceof Held held) {
            held.release().thenRun(() -> vertx.runOnContext(ignored -> send(request, held.then())));
        }
        // Hang: never answer.
    }

    @Override
    public void close() {
        List<ClusterConnection> open;
        synchronized (this) {
            open = List.copyOf(connections);
        }
        open.forEach(ClusterConnection::close);
        try {
            vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        } catch (Exception ignored) {
            // best effort in tests
        }
    }
}
