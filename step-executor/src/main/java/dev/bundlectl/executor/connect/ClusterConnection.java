package dev.bundlectl.executor.connect;

import dev.bundlectl.bundle.yaml.Mappers;
import dev.bundlectl.executor.discovery.Discovery;
import dev.bundlectl.executor.discovery.DiscoveryRetries;
import dev.bundlectl.executor.kube.Fabric8KubeApi;
import dev.bundlectl.executor.kube.KubeApi;
import dev.bundlectl.executor.retry.RetryPolicy;
import dev.bundlectl.executor.retry.RetryingKubeApi;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.vertx.VertxHttpClientFactory;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.TimeUnit;

/**
 * A connection to one cluster: a Vert.x instance owned by the connection, fabric8's client on
 * the Vert.x HTTP client factory sharing it, the asynchronous {@link KubeApi}, and discovery.
 * Closing the connection closes all of them.
 *
 * <p>fabric8's own retry of 429 and 5xx answers is switched off ({@code requestRetryBackoffLimit
 * = 0}): it would retry POSTs and ignore {@code Retry-After}. The executor retries instead.
 */
public final class ClusterConnection implements AutoCloseable {

    private static final long CLOSE_WAIT_SECONDS = 10;

    private final Vertx vertx;
    private final KubernetesClient client;
    private final KubeApi api;
    private final Discovery discovery;

    private ClusterConnection(Vertx vertx, KubernetesClient client, KubeApi api) {
        this.vertx = vertx;
        this.client = client;
        this.api = api;
        this.discovery = new Discovery(api, vertx, DiscoveryRetries.system());
    }

    /**
     * Connects as the kubeconfig (or the in-cluster service account) says. Nothing is sent
     * until the first request.
     *
     * @throws ConnectionException when the kubeconfig is missing, unreadable, or lacks the context
     */
    public static ClusterConnection open(ConnectionSettings settings) throws ConnectionException {
        Objects.requireNonNull(settings, "settings");
        return connect(KubeconfigLoader.load(settings), settings.requestTimeout());
    }

    /**
     * Connects with a ready fabric8 config (for tests and embedding). The config is changed:
     * fabric8's own retries are switched off.
     */
    public static ClusterConnection connect(Config config, Duration requestTimeout) {
        return connect(config, requestTimeout, new VertxOptions());
    }

    /**
     * Connects with a ready fabric8 config and explicit Vert.x options (e.g. a stricter
     * blocked-thread check). The config is changed: fabric8's own retries are switched off.
     */
    public static ClusterConnection connect(Config config, Duration requestTimeout, VertxOptions vertxOptions) {
        Objects.requireNonNull(config, "config");
        Objects.requireNonNull(vertxOptions, "vertxOptions");
        config.setRequestRetryBackoffLimit(0);
        Vertx vertx = Vertx.vertx(vertxOptions);
        try {
            KubernetesClient client = new KubernetesClientBuilder()
                    .withConfig(config)
                    .withHttpClientFactory(new VertxHttpClientFactory(vertx))
                    .build();
            KubeApi api = new Fabric8KubeApi(vertx, client.getHttpClient(), config.getMasterUrl(), requestTimeout,
                    Mappers.JSON);
            return new ClusterConnection(vertx, client, api);
        } catch (RuntimeException e) {
            vertx.close();
            throw e;
        }
    }

    /** The Vert.x instance every request and timer of this connection runs on. */
    public Vertx vertx() {
        return vertx;
    }

    /** fabric8's client, for typed reads; it shares this connection's Vert.x instance. */
    public KubernetesClient client() {
        return client;
    }

    /** The asynchronous API used by the executor. */
    public KubeApi api() {
        return api;
    }

    /**
     * The asynchronous API with every request retried under {@code retries}: for install records,
     * uninstall and other callers outside a plan's execution.
     */
    public KubeApi api(RetryPolicy retries) {
        return new RetryingKubeApi(api, retries, vertx);
    }

    /** The asynchronous API with every request retried under {@link RetryPolicy#defaults()}. */
    public KubeApi retryingApi() {
        return api(RetryPolicy.defaults());
    }

    /** Discovery of what the cluster serves, cached per group/version. */
    public Discovery discovery() {
        return discovery;
    }

    /** The API server URL; never contains credentials. */
    public String server() {
        return api.server();
    }

    /**
     * Closes the client and the Vert.x instance. Off Vert.x threads it waits (a bounded time)
     * for Vert.x to stop; on a Vert.x thread it only starts the close, since waiting there
     * would block an event loop.
     */
    @Override
    public void close() {
        client.close();
        var closing = vertx.close();
        if (Context.isOnVertxThread()) {
            return;
        }
        try {
            closing.toCompletionStage().toCompletableFuture().get(CLOSE_WAIT_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception closeFailed) {
            // Nothing useful to do: the process is ending or the caller moves on.
        }
    }

    @Override
    public String toString() {
        return "ClusterConnection[" + server() + "]";
    }
}
