package dev.bundlectl.cluster.kube;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.plan.api.ApiResource;
import io.fabric8.kubernetes.client.http.HttpClient;
import io.fabric8.kubernetes.client.http.HttpRequest;
import io.fabric8.kubernetes.client.http.HttpResponse;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * {@link KubeApi} on fabric8's own HTTP client (the Vert.x one), so that authentication (token,
 * exec plugin, client certificates), TLS settings and impersonation come from the kubeconfig
 * exactly as fabric8 applies them.
 *
 * <p><b>Threading.</b> Requests go through {@link HttpClient#sendAsync}, whose future completes
 * on a Vert.x event loop: no thread waits for an answer. The call to {@code sendAsync} itself
 * runs on a worker thread, because fabric8's token interceptor may re-read the kubeconfig and
 * run an exec credential plugin synchronously before the request is sent; that must never
 * happen on an event loop. The worker is released as soon as the request is handed to Vert.x.
 * Answers are delivered back on the caller's context.
 *
 * <p>fabric8's own retries must be off ({@code requestRetryBackoffLimit=0}): the executor owns
 * the retry policy and honours {@code Retry-After}.
 */
public final class Fabric8KubeApi implements KubeApi {

    private static final String JSON = "application/json";
    private static final String APPLY_PATCH = "application/apply-patch+yaml";
    private static final String JSON_PATCH = "application/json-patch+json";

    private final Vertx vertx;
    private final HttpClient http;
    private final String baseUrl;
    private final Duration requestTimeout;
    private final ObjectMapper json;
    private final ApiFailures failures;
    private final HandshakeRetry handshakeRetry;

    /**
     * @param vertx the Vert.x instance the HTTP client runs on
     * @param http fabric8's configured HTTP client ({@code KubernetesClient.getHttpClient()})
     * @param masterUrl the API server URL
     * @param requestTimeout how long one request may take before it counts as timed out
     * @param json the mapper for request and response bodies
     */
    public Fabric8KubeApi(Vertx vertx, HttpClient http, String masterUrl, Duration requestTimeout, ObjectMapper json) {
        this(vertx, http, masterUrl, requestTimeout, json, HandshakeRetry.NEVER);
    }

    /**
     * @param vertx the Vert.x instance the HTTP client runs on
     * @param http fabric8's configured HTTP client ({@code KubernetesClient.getHttpClient()})
     * @param masterUrl the API server URL
     * @param requestTimeout how long one request may take before it counts as timed out
     * @param json the mapper for request and response bodies
     * @param handshakeRetry whether a request whose TLS handshake failed is sent once more
     */
    public Fabric8KubeApi(Vertx vertx, HttpClient http, String masterUrl, Duration requestTimeout, ObjectMapper json,
            HandshakeRetry handshakeRetry) {
        this.handshakeRetry = Objects.requireNonNull(handshakeRetry, "handshakeRetry");
        this.vertx = Objects.requireNonNull(vertx, "vertx");
        this.http = Objects.requireNonNull(http, "http");
        this.baseUrl = masterUrl.endsWith("/") ? masterUrl.substring(0, masterUrl.length() - 1) : masterUrl;
        this.requestTimeout = Objects.requireNonNull(requestTimeout, "requestTimeout");
        this.json = Objects.requireNonNull(json, "json");
        this.failures = new ApiFailures(json);
    }

    @Override
    public Future<ObjectNode> get(ApiResource type, String namespace, String name) {
        return path(() -> ResourcePaths.object(type, namespace, name))
                .compose(path -> send(request(path, false).build()))
                .map(this::objectBody);
    }

    @Override
    public Future<ObjectNode> create(ApiResource type, String namespace, ObjectNode object, boolean dryRun) {
        return path(() -> ResourcePaths.collection(type, namespace))
                .compose(path -> send(request(path + "?fieldManager=" + FIELD_MANAGER, dryRun)
                        .post(JSON, write(object)).build()))
                .map(this::objectBody);
    }

    @Override
    public Future<ApplyResult> apply(ApiResource type, String namespace, ObjectNode object, String fieldManager,
            boolean force, boolean dryRun) {
        String name = object.path("metadata").path("name").asText();
        String query = "?fieldManager=" + URLEncoder.encode(fieldManager, StandardCharsets.UTF_8)
                + (force ? "&force=true" : "");
        // JSON is YAML, so the apply-patch content type takes the object as it is.
        return path(() -> ResourcePaths.object(type, namespace, name))
                .compose(path -> exchange(request(path + query, dryRun).patch(APPLY_PATCH, write(object)).build()))
                .map(response -> new ApplyResult(objectBody(body(response)), response.code() == 201,
                        ResponseHeaders.warnings(response.headers("Warning")),
                        ResponseHeaders.httpDate(response.header("Date"))));
    }

    @Override
    public Future<ObjectNode> patch(ApiResource type, String namespace, String name, ArrayNode jsonPatch,
            String fieldManager, boolean dryRun) {
        return path(() -> ResourcePaths.object(type, namespace, name))
                .compose(path -> send(request(path + "?fieldManager=" + URLEncoder.encode(fieldManager,
                        StandardCharsets.UTF_8), dryRun)
                        .patch(JSON_PATCH, write(jsonPatch)).build()))
                .map(this::objectBody);
    }

    @Override
    public Future<ObjectNode> update(ApiResource type, String namespace, ObjectNode object, boolean dryRun) {
        String name = object.path("metadata").path("name").asText();
        return path(() -> ResourcePaths.object(type, namespace, name))
                .compose(path -> send(request(path + "?fieldManager=" + FIELD_MANAGER, dryRun)
                        .put(JSON, write(object)).build()))
                .map(this::objectBody);
    }

    @Override
    public Future<ObjectNode> list(ApiResource type, String namespace, String labelSelector, int limit,
            String continueToken) {
        String query = "?limit=" + limit
                + (labelSelector == null || labelSelector.isEmpty()
                        ? "" : "&labelSelector=" + URLEncoder.encode(labelSelector, StandardCharsets.UTF_8))
                + (continueToken == null || continueToken.isEmpty()
                        ? "" : "&continue=" + URLEncoder.encode(continueToken, StandardCharsets.UTF_8));
        return path(() -> ResourcePaths.list(type, namespace))
                .compose(path -> send(request(path + query, false).build()))
                .map(this::objectBody);
    }

    @Override
    public Future<Void> delete(ApiResource type, String namespace, String name, Preconditions preconditions,
            boolean dryRun) {
        return path(() -> ResourcePaths.object(type, namespace, name))
                .compose(path -> send(request(path, dryRun).delete(JSON, deleteOptions(preconditions, dryRun)).build()))
                .mapEmpty();
    }

    private String deleteOptions(Preconditions preconditions, boolean dryRun) {
        ObjectNode options = json.createObjectNode()
                .put("apiVersion", "v1").put("kind", "DeleteOptions").put("propagationPolicy", "Background");
        if (dryRun) {
            // The API server reads a DELETE's options from its body when it has one, and then ignores
            // the dryRun query parameter: without this, a dry-run delete deletes.
            options.putArray("dryRun").add("All");
        }
        if (preconditions != null && !preconditions.none()) {
            ObjectNode required = options.putObject("preconditions");
            if (preconditions.uid() != null) {
                required.put("uid", preconditions.uid());
            }
            if (preconditions.resourceVersion() != null) {
                required.put("resourceVersion", preconditions.resourceVersion());
            }
        }
        return write(options);
    }

    @Override
    public Future<Optional<JsonNode>> discover(String path) {
        return send(request(path, false).build())
                .map(body -> Optional.of(readTree(body)))
                .recover(error -> error instanceof ApiException api && api.isHttp(404)
                        ? Future.succeededFuture(Optional.empty())
                        : Future.failedFuture(error));
    }

    @Override
    public Future<Optional<DiscoveryDocument>> discover(String path, String accept) {
        return exchange(request(path, false).setHeader("Accept", accept).build())
                .map(response -> Optional.of(new DiscoveryDocument(readTree(body(response)),
                        response.header("Content-Type"))))
                .recover(error -> error instanceof ApiException api && api.isHttp(404)
                        ? Future.succeededFuture(Optional.empty())
                        : Future.failedFuture(error));
    }

    @Override
    public String server() {
        return baseUrl;
    }

    private HttpRequest.Builder request(String path, boolean dryRun) {
        return http.newHttpRequestBuilder()
                .uri(baseUrl + path + (dryRun ? (path.contains("?") ? "&" : "?") + "dryRun=All" : ""))
                .header("Accept", JSON)
                // fabric8 applies Config.requestTimeout only in its typed DSL, not to raw requests.
                .timeout(requestTimeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Sends one request and answers its body; fails with an {@link ApiException} unless the answer is 2xx. */
    private Future<byte[]> send(HttpRequest request) {
        return exchange(request).map(Fabric8KubeApi::body);
    }

    private static byte[] body(HttpResponse<byte[]> response) {
        return response.body() == null ? new byte[0] : response.body();
    }

    /** Sends one request and answers the response; fails with an {@link ApiException} unless it is 2xx. */
    private Future<HttpResponse<byte[]>> exchange(HttpRequest request) {
        return exchange(request, true);
    }

    private Future<HttpResponse<byte[]>> exchange(HttpRequest request, boolean mayRetryHandshake) {
        Context context = vertx.getOrCreateContext();
        Future<CompletableFuture<HttpResponse<byte[]>>> started =
                context.executeBlocking(() -> http.sendAsync(request, byte[].class), false);
        return started
                .compose(pending -> Future.fromCompletionStage(pending, context))
                .transform(done -> {
                    if (done.failed()) {
                        if (mayRetryHandshake && handshakeRetry.retryAfter(done.cause())) {
                            return exchange(request, false);
                        }
                        return Future.failedFuture(failures.toException(done.cause()));
                    }
                    HttpResponse<byte[]> response = done.result();
                    if (response.isSuccessful()) {
                        return Future.succeededFuture(response);
                    }
                    return Future.failedFuture(new ApiException(
                            failures.fromResponse(response.code(), response.body(), response.header("Retry-After"),
                                    response.header("Date"))));
                });
    }

    private static Future<String> path(Supplier<String> builder) {
        try {
            return Future.succeededFuture(builder.get());
        } catch (IllegalArgumentException badInput) {
            return Future.failedFuture(badInput);
        }
    }

    private ObjectNode objectBody(byte[] body) {
        JsonNode node = readTree(body);
        if (node instanceof ObjectNode object) {
            return object;
        }
        throw new IllegalStateException("the API server answered with a body that is not a JSON object");
    }

    private JsonNode readTree(byte[] body) {
        try {
            return body.length == 0 ? json.createObjectNode() : json.readTree(body);
        } catch (IOException e) {
            throw new IllegalStateException("the API server answered with invalid JSON: " + e.getMessage(), e);
        }
    }

    private String write(JsonNode object) {
        try {
            return json.writeValueAsString(object);
        } catch (IOException e) {
            throw new IllegalStateException("cannot serialise " + object.path("kind").asText("a JSON patch"), e);
        }
    }
}
