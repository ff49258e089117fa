package dev.bundlectl.source.testing;

import io.vertx.core.Vertx;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.RequestOptions;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A plain-http proxy in front of a real registry that records every request and, on demand, does
 * what the registry cannot: answer 429 or 503 a given number of times, or redirect blob GETs to
 * another host name (as registries backed by object storage do), serving them with the registry's
 * credentials added by the "storage" side.
 */
public final class RecordingProxy implements AutoCloseable {

    /** One request as the proxy saw it. */
    public record Seen(String method, String host, String uri, boolean authorized) {
    }

    private final Vertx vertx = Vertx.vertx();
    private final HttpClient client;
    private final HttpServer server;
    private final RealRegistry registry;
    private final List<Seen> seen = new CopyOnWriteArrayList<>();
    private final Deque<Integer> faults = new ArrayDeque<>();
    private volatile boolean redirectBlobs;

    public RecordingProxy(RealRegistry registry) {
        this.registry = registry;
        this.client = vertx.createHttpClient();
        this.server = Pulls.await(vertx.createHttpServer().requestHandler(this::handle).listen(0, "127.0.0.1"));
    }

    /** {@code 127.0.0.1:PORT}. */
    public String address() {
        return "127.0.0.1:" + server.actualPort();
    }

    /** The next manifest requests get these statuses, in order, before any reaches the registry. */
    public synchronized RecordingProxy failManifests(Integer... statuses) {
        faults.addAll(List.of(statuses));
        return this;
    }

    /** Blob GETs are redirected to {@code localhost:PORT}, another authority than {@code 127.0.0.1:PORT}. */
    public RecordingProxy redirectBlobs() {
        redirectBlobs = true;
        return this;
    }

    public List<Seen> seen() {
        return List.copyOf(seen);
    }

    private void handle(HttpServerRequest request) {
        String host = request.authority() == null ? "" : request.authority().host();
        seen.add(new Seen(request.method().name(), host, request.uri(), request.getHeader("Authorization") != null));
        Integer fault = nextFault(request);
        if (fault != null) {
            request.response().setStatusCode(fault).putHeader("Retry-After", "0").end();
            return;
        }
        boolean blob = request.uri().contains("/blobs/sha256:") && request.method().name().equals("GET");
        if (redirectBlobs && blob && host.equals("127.0.0.1")) {
            request.response().setStatusCode(307)
                    .putHeader("Location", "http://localhost:" + server.actualPort() + request.uri()).end();
            return;
        }
        request.pause();
        RequestOptions options = new RequestOptions().setMethod(request.method()).setHost("127.0.0.1")
                .setPort(Integer.parseInt(registry.address().substring(registry.address().indexOf(':') + 1)))
                .setURI(request.uri());
        client.request(options).onSuccess(forward -> {
            forward.headers().setAll(request.headers());
            if (blob && host.equals("localhost")) {
                // The "storage" side authorizes the redirected request on its own.
                registry.pushAuthorization("any").ifPresent(value -> forward.putHeader("Authorization", value));
            }
            forward.send(request).onSuccess(response -> {
                request.response().setStatusCode(response.statusCode()).headers().setAll(response.headers());
                response.pipeTo(request.response());
            }).onFailure(failure -> request.response().setStatusCode(502).end());
        }).onFailure(failure -> request.response().setStatusCode(502).end());
    }

    private synchronized Integer nextFault(HttpServerRequest request) {
        return request.uri().contains("/manifests/") ? faults.poll() : null;
    }

    @Override
    public void close() {
        Pulls.await(vertx.close());
    }
}
