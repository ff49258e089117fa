package dev.bundlectl.executor.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
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
import io.vertx.core.net.PemKeyCertOptions;
import io.vertx.core.net.PemTrustOptions;
import java.io.IOException;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;

/**
 * A TLS-terminating reverse proxy on {@code 127.0.0.1} in front of a real API server that injects
 * faults into the requests passing through, as a {@link FaultSchedule} decides: 429 with
 * {@code Retry-After: 1}, 503 and 504 (Status objects, as the API server writes them), a reset
 * before forwarding, and a reset after the server has completed the request. Every request is
 * recorded ({@link #requests()}) with what was done to it. On demand ({@link #holdAfter}) it stops
 * answering altogether, as a client's hung process would, until its held requests are reset.
 *
 * <p>Clients reach it with TLS verification on: it serves a certificate for {@code 127.0.0.1}
 * signed by a CA made for it ({@link #caPem()}); {@link ProxyKubeconfig} writes a kubeconfig that
 * trusts that CA. It forwards as the upstream's admin client certificate; headers the client sent
 * (a bearer token, impersonation) go along.
 *
 * <p>HTTP/1.1 only (no ALPN), so that one connection carries one request at a time and a reset
 * hits exactly the faulted request. Connections close with {@code SO_LINGER 0}: a TCP reset, not
 * an orderly close. Bodies are buffered whole, which suits the API server's request/answer
 * traffic and not watches (neither bundlectl's install nor {@code kubectl apply} watches).
 */
public final class FaultProxy implements AutoCloseable {

    private static final long WAIT_SECONDS = 10;
    /** Far beyond any single API request here; bounds a stuck upstream. */
    private static final long UPSTREAM_IDLE_TIMEOUT_MILLIS = 60_000;
    private static final int RETRY_AFTER_SECONDS = 1;

    private final Vertx vertx;
    private final HttpServer server;
    private final HttpClient upstream;
    private final ProxyUpstream target;
    private final LoopbackTls tls;
    private final FaultSchedule schedule;
    private final ObjectMapper json = new ObjectMapper();
    private final AtomicLong arrivals = new AtomicLong();
    private final Queue<ProxiedRequest> log = new ConcurrentLinkedQueue<>();
    private final Queue<ProxiedWrite> writes = new ConcurrentLinkedQueue<>();
    private final AtomicReference<Predicate<ProxiedRequest>> holdTrigger = new AtomicReference<>();
    private final AtomicBoolean holding = new AtomicBoolean();
    private final AtomicBoolean closed = new AtomicBoolean();
    private final Queue<Held> held = new ConcurrentLinkedQueue<>();
    private final java.util.Map<String, String> standIns = new java.util.concurrent.ConcurrentHashMap<>();

    /** A request held unanswered, with its place in arrival order. */
    private record Held(long ordinal, HttpServerRequest request) {
    }

    private FaultProxy(Vertx vertx, ProxyUpstream target, LoopbackTls tls, FaultSchedule schedule) {
        this.vertx = vertx;
        this.target = target;
        this.tls = tls;
        this.schedule = schedule;
        this.server = vertx.createHttpServer(new HttpServerOptions()
                .setHost("127.0.0.1")
                .setPort(0)
                .setSsl(true)
                .setUseAlpn(false)
                .setSoLinger(0)
                .setKeyCertOptions(new PemKeyCertOptions()
                        .setCertValue(Buffer.buffer(tls.certificatePem()))
                        .setKeyValue(Buffer.buffer(tls.privateKeyPem()))));
        this.upstream = vertx.createHttpClient(new HttpClientOptions()
                .setSsl(true)
                .setVerifyHost(true)
                .setUseAlpn(false)
                .setMaxPoolSize(64)
                .setConnectTimeout((int) TimeUnit.SECONDS.toMillis(WAIT_SECONDS))
                .setTrustOptions(new PemTrustOptions().addCertValue(Buffer.buffer(target.caPem())))
                .setKeyCertOptions(new PemKeyCertOptions()
                        .setCertValue(Buffer.buffer(target.clientCertificatePem()))
                        .setKeyValue(Buffer.buffer(target.clientKeyPem()))));
    }

    /**
     * Starts a proxy on a free port of {@code 127.0.0.1}, on a Vert.x instance of its own, and
     * waits (a bounded time) until it listens. Must not be called on a Vert.x thread.
     */
    public static FaultProxy start(ProxyUpstream upstream, FaultSchedule schedule) {
        Objects.requireNonNull(upstream, "upstream");
        Objects.requireNonNull(schedule, "schedule");
        Vertx vertx = Vertx.vertx();
        try {
            FaultProxy proxy = new FaultProxy(vertx, upstream, LoopbackTls.create(), schedule);
            proxy.server.requestHandler(proxy::receive);
            await(proxy.server.listen(), "start the fault proxy");
            return proxy;
        } catch (RuntimeException e) {
            vertx.close();
            throw e;
        }
    }

    /** The proxy's base URL, {@code https://127.0.0.1:port}. */
    public String url() {
        return "https://127.0.0.1:" + server.actualPort();
    }

    /** The CA (PEM) that signed the proxy's certificate: what clients trust. */
    public String caPem() {
        return tls.caPem();
    }

    /** The server the proxy forwards to. */
    public ProxyUpstream upstream() {
        return target;
    }

    /** How many requests have arrived so far; the next one's ordinal. */
    public long arrived() {
        return arrivals.get();
    }

    /** Every request finished so far (answered, faulted or reset), by arrival order. */
    public List<ProxiedRequest> requests() {
        return log.stream().sorted(Comparator.comparingLong(ProxiedRequest::ordinal)).toList();
    }

    /** The bodies of every write (POST, PUT, PATCH) finished so far, by arrival order. */
    public List<ProxiedWrite> writes() {
        return writes.stream().sorted(Comparator.comparingLong(ProxiedWrite::ordinal)).toList();
    }

    /** The finished requests whose ordinal is in {@code [from, to)}. */
    public List<ProxiedRequest> requests(long from, long to) {
        return requests().stream().filter(r -> r.ordinal() >= from && r.ordinal() < to).toList();
    }

    /**
     * Once a finished request matches {@code trigger}, every request that arrives afterwards is held
     * unanswered and never forwarded, as if the client's process hung mid-way; requests already on
     * their way finish as usual.
     */
    public void holdAfter(Predicate<ProxiedRequest> trigger) {
        holdTrigger.set(Objects.requireNonNull(trigger, "trigger"));
    }

    /**
     * Answers every later GET of {@code path} (no query) itself, 200 with {@code json}, instead of
     * forwarding it: for what a real server cannot be made to say on demand, such as another
     * Kubernetes release's {@code /version}.
     */
    public void standIn(String path, String json) {
        standIns.put(Objects.requireNonNull(path, "path"), Objects.requireNonNull(json, "json"));
    }

    /** Whether the {@link #holdAfter} trigger has fired. */
    public boolean holding() {
        return holding.get();
    }

    /**
     * Resets the held requests' connections (recorded as {@link Fault#RESET_BEFORE_FORWARDING}: the
     * server never saw them); requests arriving later are held too, until {@link #close}.
     */
    public void releaseHeld() {
        Held next;
        while ((next = held.poll()) != null) {
            log.add(new ProxiedRequest(next.ordinal(), next.request().method().name(), next.request().uri(), null,
                    Fault.RESET_BEFORE_FORWARDING, -1));
            Held request = next;
            vertx.runOnContext(ignored -> request.request().connection().close());
        }
    }

    /**
     * Stops listening, closes upstream connections and the Vert.x instance; waits a bounded time.
     * Closing twice does nothing.
     */
    @Override
    public void close() {
        // A test may close early (to cut a client off) and again at the end of its try block.
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        // Held requests would otherwise wait on connections nobody answers any more.
        releaseHeld();
        Future<Void> closing = Future.join(server.close(), upstream.close()).<Void>mapEmpty()
                .eventually(() -> vertx.close());
        try {
            closing.toCompletionStage().toCompletableFuture().get(WAIT_SECONDS * 2, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception closeFailed) {
            // A test is ending; a slow close changes none of its results.
        }
    }

    @Override
    public String toString() {
        return "FaultProxy[" + url() + " -> " + target.url() + "]";
    }

    private void receive(HttpServerRequest request) {
        long ordinal = arrivals.getAndIncrement();
        if (holding.get()) {
            request.pause();
            held.add(new Held(ordinal, request));
            return;
        }
        String standIn = "GET".equals(request.method().name()) ? standIns.get(request.path()) : null;
        Fault fault = standIn != null ? Fault.NONE : schedule.next();
        request.body().onComplete(body -> {
            if (body.failed()) {
                record(ordinal, request, null, fault, -1);
                request.connection().close();
                return;
            }
            if (standIn != null) {
                answer(ordinal, request, body.result(), fault, 200, standIn);
                return;
            }
            switch (fault) {
                case TOO_MANY_REQUESTS:
                    answer(ordinal, request, body.result(), fault, 429, Statuses.tooManyRequests(RETRY_AFTER_SECONDS));
                    break;
                case SERVICE_UNAVAILABLE:
                    answer(ordinal, request, body.result(), fault, 503, Statuses.status(503, "ServiceUnavailable",
                            "the server is currently unable to handle the request"));
                    break;
                case GATEWAY_TIMEOUT:
                    answer(ordinal, request, body.result(), fault, 504, Statuses.status(504, "Timeout",
                            "the server was unable to return a response in the time allotted, but may still be "
                                    + "processing the request"));
                    break;
                case RESET_BEFORE_FORWARDING:
                    record(ordinal, request, body.result(), fault, -1);
                    request.connection().close();
                    break;
                default:
                    forward(ordinal, request, body.result(), fault);
                    break;
            }
        });
    }

    private void answer(long ordinal, HttpServerRequest request, Buffer body, Fault fault, int code, String status) {
        record(ordinal, request, body, fault, -1);
        HttpServerResponse response = request.response().setStatusCode(code).putHeader("Content-Type",
                "application/json");
        if (fault == Fault.TOO_MANY_REQUESTS) {
            response.putHeader("Retry-After", Integer.toString(RETRY_AFTER_SECONDS));
        }
        response.end(status);
    }

    private void forward(long ordinal, HttpServerRequest request, Buffer body, Fault fault) {
        MultiMap headers = MultiMap.caseInsensitiveMultiMap();
        ProxiedAnswer.copyEndToEnd(request.headers(), headers);
        RequestOptions options = new RequestOptions()
                .setMethod(request.method())
                .setHost(target.url().getHost())
                .setPort(target.url().getPort())
                .setURI(request.uri())
                .setHeaders(headers)
                .setIdleTimeout(UPSTREAM_IDLE_TIMEOUT_MILLIS);
        upstream.request(options)
                .compose(sent -> sent.send(body))
                .compose(answer -> answer.body().map(answerBody -> new ProxiedAnswer(answer, answerBody)))
                .onSuccess(answer -> {
                    record(ordinal, request, body, fault, answer.response().statusCode());
                    if (fault == Fault.RESET_AFTER_FORWARDING) {
                        request.connection().close();
                    } else {
                        answer.writeTo(request.response());
                    }
                })
                .onFailure(error -> {
                    record(ordinal, request, body, fault, -1);
                    HttpServerResponse response = request.response();
                    if (!response.ended() && !response.closed()) {
                        response.setStatusCode(502).end("fault proxy: upstream failed: " + error);
                    }
                });
    }

    private void record(long ordinal, HttpServerRequest request, Buffer body, Fault fault, int upstreamStatus) {
        String method = request.method().name();
        String name = "POST".equals(method) ? postedName(body) : null;
        ProxiedRequest finished = new ProxiedRequest(ordinal, method, request.uri(), name, fault, upstreamStatus);
        if (body != null && body.length() > 0 && List.of("POST", "PUT", "PATCH").contains(method)) {
            writes.add(new ProxiedWrite(ordinal, method, request.uri(), body.toString()));
        }
        log.add(finished);
        Predicate<ProxiedRequest> trigger = holdTrigger.get();
        if (trigger != null && trigger.test(finished)) {
            holding.set(true);
        }
    }

    private String postedName(Buffer body) {
        if (body == null || body.length() == 0 || body.getByte(0) != '{') {
            return null;
        }
        try {
            JsonNode name = json.readTree(body.getBytes()).path("metadata").path("name");
            return name.isTextual() ? name.asText() : null;
        } catch (IOException notJson) {
            return null;
        }
    }

    private static <T> T await(Future<T> future, String what) {
        try {
            return future.toCompletionStage().toCompletableFuture().get(WAIT_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting to " + what, e);
        } catch (Exception e) {
            throw new IllegalStateException("could not " + what + ": " + e.getMessage(), e);
        }
    }
}
