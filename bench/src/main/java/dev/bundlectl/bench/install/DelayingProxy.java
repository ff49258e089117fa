package dev.bundlectl.bench.install;

import dev.bundlectl.executor.testing.ProxiedAnswer;

import io.vertx.core.Future;
import io.vertx.core.MultiMap;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.http.RequestOptions;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A plain-HTTP reverse proxy on the loopback address that holds every request for a fixed time
 * before forwarding it to a loopback upstream: the "server that adds N ms to every request" of
 * the install benchmark. The delay starts once the whole request has arrived and is a Vert.x
 * timer, so concurrent requests are delayed side by side, never queued behind each other.
 *
 * <p>Request and response bodies are buffered whole, which is right for the API server's
 * request/answer traffic and wrong for watches and upgrades (the executor uses neither).
 */
public final class DelayingProxy implements AutoCloseable {

    /** Connection-level headers that belong to one hop and must not be forwarded. */

    private static final long CLOSE_WAIT_SECONDS = 10;

    private final Vertx vertx;
    private final HttpServer server;
    private final HttpClient upstream;
    private final String upstreamHost;
    private final int upstreamPort;
    private final long latencyMillis;
    private final AtomicLong forwarded = new AtomicLong();
    /** Per request, nanoseconds from its arrival to its forwarding. */
    private final Queue<Long> holds = new ConcurrentLinkedQueue<>();

    private DelayingProxy(Vertx vertx, HttpServer server, HttpClient upstream, URI target, long latencyMillis) {
        this.vertx = vertx;
        this.server = server;
        this.upstream = upstream;
        this.upstreamHost = target.getHost();
        this.upstreamPort = target.getPort();
        this.latencyMillis = latencyMillis;
    }

    /**
     * Starts a proxy on {@code 127.0.0.1} (a free port) in front of {@code upstream}, waiting
     * until it listens. Must not be called on a Vert.x thread.
     *
     * @param vertx the Vert.x instance the proxy's server, client and timers run on
     * @param upstream an {@code http://} URL on a loopback address, with an explicit port
     * @param latency the delay added to every request, whole milliseconds, zero or more
     * @throws IllegalArgumentException when the upstream is not plain HTTP on loopback, or the
     *     latency is negative or not whole milliseconds
     */
    public static DelayingProxy start(Vertx vertx, URI upstream, Duration latency) {
        Objects.requireNonNull(vertx, "vertx");
        checkUpstream(upstream);
        long millis = latencyMillis(latency);
        // One pooled connection per request in flight: the pool never makes requests wait.
        HttpClient client = vertx.createHttpClient(new HttpClientOptions().setMaxPoolSize(256).setKeepAlive(true));
        HttpServer server = vertx.createHttpServer(new HttpServerOptions().setHost("127.0.0.1").setPort(0));
        DelayingProxy proxy = new DelayingProxy(vertx, server, client, upstream, millis);
        server.requestHandler(proxy::receive);
        await(server.listen(), "start the delaying proxy");
        return proxy;
    }

    /** The proxy's base URL, e.g. {@code http://127.0.0.1:40123/}. */
    public String url() {
        return "http://127.0.0.1:" + server.actualPort() + "/";
    }

    /** The delay added to every request. */
    public Duration latency() {
        return Duration.ofMillis(latencyMillis);
    }

    /** How many requests have been received so far (each one delayed, then forwarded). */
    public long requests() {
        return forwarded.get();
    }

    /**
     * How long each request so far was held, from its arrival to its forwarding: the latency
     * really added (at least {@link #latency()}; timers may fire a little late, never early).
     */
    public HoldTimes holdTimes() {
        return HoldTimes.ofNanos(List.copyOf(holds));
    }

    /** Stops listening and closes the upstream connections; waits a bounded time. */
    @Override
    public void close() {
        Future<Void> closing = Future.join(server.close(), upstream.close()).mapEmpty();
        try {
            closing.toCompletionStage().toCompletableFuture().get(CLOSE_WAIT_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception closeFailed) {
            // The benchmark moves on to a fresh proxy; a slow close changes nothing it measures.
        }
    }

    private void receive(HttpServerRequest request) {
        long arrived = System.nanoTime();
        forwarded.incrementAndGet();
        request.body().onComplete(body -> {
            if (body.failed()) {
                fail(request.response(), body.cause());
            } else if (latencyMillis == 0) {
                forward(request, body.result(), arrived);
            } else {
                vertx.setTimer(latencyMillis, timer -> forward(request, body.result(), arrived));
            }
        });
    }

    private void forward(HttpServerRequest request, Buffer body, long arrived) {
        holds.add(System.nanoTime() - arrived);
        RequestOptions options = new RequestOptions()
                .setMethod(request.method())
                .setHost(upstreamHost)
                .setPort(upstreamPort)
                .setURI(request.uri());
        MultiMap headers = MultiMap.caseInsensitiveMultiMap();
        ProxiedAnswer.copyEndToEnd(request.headers(), headers);
        options.setHeaders(headers);
        upstream.request(options)
                .compose(sent -> sent.send(body))
                .compose(answer -> answer.body().map(answerBody -> new ProxiedAnswer(answer, answerBody)))
                .onSuccess(answer -> answer.writeTo(request.response()))
                .onFailure(error -> fail(request.response(), error));
    }

    private static void fail(HttpServerResponse response, Throwable error) {
        if (!response.ended() && !response.closed()) {
            response.setStatusCode(502).end("delaying proxy: upstream failed: " + error);
        }
    }

    private static void checkUpstream(URI upstream) {
        Objects.requireNonNull(upstream, "upstream");
        if (!"http".equals(upstream.getScheme()) || upstream.getHost() == null || upstream.getPort() < 0) {
            throw new IllegalArgumentException("the upstream must be http://host:port, not " + upstream);
        }
        try {
            if (!InetAddress.getByName(upstream.getHost()).isLoopbackAddress()) {
                throw new IllegalArgumentException("the upstream must be on a loopback address, not " + upstream);
            }
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("unknown upstream host in " + upstream, e);
        }
    }

    private static long latencyMillis(Duration latency) {
        Objects.requireNonNull(latency, "latency");
        if (latency.isNegative() || latency.toNanos() % 1_000_000 != 0) {
            throw new IllegalArgumentException("the latency must be zero or more whole milliseconds, not " + latency);
        }
        return latency.toMillis();
    }

    private static <T> T await(Future<T> future, String what) {
        try {
            return future.toCompletionStage().toCompletableFuture().get(CLOSE_WAIT_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting to " + what, e);
        } catch (Exception e) {
            throw new IllegalStateException("could not " + what + ": " + e.getMessage(), e);
        }
    }
}
