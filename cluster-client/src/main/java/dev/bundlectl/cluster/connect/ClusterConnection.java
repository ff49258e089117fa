package dev.bundlectl.cluster.connect;

import dev.bundlectl.bundle.yaml.Mappers;
import dev.bundlectl.cluster.discovery.Discovery;
import dev.bundlectl.cluster.discovery.DiscoveryRetries;
import dev.bundlectl.cluster.kube.Fabric8KubeApi;
import dev.bundlectl.cluster.kube.KubeApi;
import dev.bundlectl.cluster.retry.RetryPolicy;
import dev.bundlectl.cluster.retry.RetryingKubeApi;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.http.HttpClient;
import io.fabric8.kubernetes.client.internal.SSLUtils;
import io.fabric8.kubernetes.client.vertx.VertxHttpClientFactory;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import java.io.IOException;
import java.security.GeneralSecurityException;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.KeyManager;

/**
 * A connection to one cluster: a Vert.x instance owned by the connection, fabric8's HTTP client on
 * it (authentication, TLS and impersonation exactly as fabric8 applies the kubeconfig), the
 * asynchronous {@link KubeApi} on that client, and discovery. Closing the connection closes all of
 * them.
 *
 * <p><b>Few connections, kept alive.</b> The {@link KubeApi} sends its requests over at most
 * {@link #API_CONNECTIONS} HTTP/1.1 connections (a command's; the controller, whose workers install
 * at once, asks for more: {@link ConnectionSettings#apiConnections}). fabric8's own pool allows thousands, so the
 * concurrent discovery requests of one install opened one TLS connection each (27 handshakes for
 * the sample on the test server); in a short-lived JVM every handshake runs cold code and was the
 * largest single cost of an install. Requests beyond the limit wait for a free connection, which on
 * a reachable API server is a matter of milliseconds. kubectl, likewise, multiplexes everything over
 * one HTTP/2 connection.
 *
 * <p><b>The typed client is built on first use.</b> fabric8's {@link KubernetesClient} registers
 * its whole resource model when it is built, which costs a CLI run a few hundred classes and tens
 * of milliseconds; only the controller (informers, leases) and a few commands need it, so
 * {@link #client()} builds it then, on the same Vert.x instance and configuration, with fabric8's
 * own pool (a watch holds its connection for as long as it runs).
 *
 * <p><b>The kubeconfig's authority alone.</b> The server's certificate must chain to the
 * certificate authority the kubeconfig names, as kubectl requires, not to any of the JDK's public
 * ones as well ({@link ClusterAuthority}).
 *
 * <p><b>One key share.</b> The {@link KubeApi}'s connections offer the server an X25519 key share
 * alone, as Go clients do, and every group after a server refused that ({@link SingleKeyShare}).
 *
 * <p><b>The client key is held as read.</b> With a kubeconfig it loads itself ({@link #open}), the
 * connection offers the client certificate through {@link ClientKeyManager} instead of fabric8's
 * encrypted in-memory key store, which cost a CLI run more than any request.
 *
 * <p><b>Whom it acts as.</b> Every request carries the connection's {@link Impersonation}: the
 * kubeconfig user's {@code as} fields with {@code --as}, {@code --as-group} and {@code --as-uid}
 * over them. {@link #actingAs} makes a view of the same connection that acts as another identity
 * (the controller acts as each BundleInstall's ServiceAccount), sharing its Vert.x instance and
 * its kept-alive connections: impersonation is a header of each request, not a property of a
 * connection, so no TLS handshake is repeated for it.
 *
 * <p>fabric8's own retry of 429 and 5xx answers is switched off ({@code requestRetryBackoffLimit
 * = 0}): it would retry POSTs and ignore {@code Retry-After}. The executor retries instead.
 */
public final class ClusterConnection implements AutoCloseable {

    /** How many connections the {@link KubeApi} keeps open to the API server at most. */
    public static final int API_CONNECTIONS = 2;

    private static final long CLOSE_WAIT_SECONDS = 10;

    private final Vertx vertx;
    private final Config config;
    private final HttpClient http;
    private final KubeApi api;
    private final Discovery discovery;
    private final Optional<ClientKeyManager> clientKey;
    private final SingleKeyShare keyShare;
    private final Duration requestTimeout;
    private final Impersonation identity;
    // What closing this connection closes besides its typed client: the shared parts for the
    // connection that made them (and a handed-over view), nothing for a view.
    private final Runnable closeShared;
    private final Object clientLock = new Object();
    private KubernetesClient client;

    private ClusterConnection(Vertx vertx, Config config, Optional<ClientKeyManager> clientKey, SingleKeyShare keyShare,
            Duration requestTimeout, Impersonation identity, HttpClient http, Runnable closeShared,
            Discovery sharedDiscovery) {
        this.vertx = vertx;
        this.config = config;
        this.clientKey = clientKey;
        this.keyShare = keyShare;
        this.requestTimeout = requestTimeout;
        this.identity = identity;
        this.http = http;
        this.closeShared = closeShared;
        this.api = new Fabric8KubeApi(vertx, http, config.getMasterUrl(), requestTimeout, Mappers.json(), keyShare);
        this.discovery = sharedDiscovery == null ? new Discovery(api, vertx, DiscoveryRetries.system())
                : sharedDiscovery.sharedThrough(api);
    }

    /**
     * Connects as the kubeconfig (or the in-cluster service account) says. Nothing is sent
     * until the first request.
     *
     * @throws ConnectionException when the kubeconfig is missing, unreadable, or lacks the context
     */
    public static ClusterConnection open(ConnectionSettings settings) throws ConnectionException {
        Objects.requireNonNull(settings, "settings");
        // The config was just loaded and is this connection's alone, so its client key may move
        // into a key manager (ClientKeyManager); a config a caller hands to connect() is left as it is.
        Config config = KubeconfigLoader.load(settings);
        return connect(config, ClientKeyManager.takeFrom(config), settings.requestTimeout(), new VertxOptions(),
                Impersonation.of(config).overriddenBy(settings.impersonation()), settings.apiConnections());
    }

    /**
     * Connects with a ready fabric8 config (for tests and embedding). The config is changed:
     * fabric8's own retries are switched off.
     */
    public static ClusterConnection connect(Config config, Duration requestTimeout) {
        return connect(config, requestTimeout, new VertxOptions());
    }

    /**
     * Connects with a ready fabric8 config, keeping at most {@code apiConnections} connections for
     * the API (the controller's many workers). The config is changed: fabric8's own retries are
     * switched off.
     */
    public static ClusterConnection connect(Config config, Duration requestTimeout, int apiConnections) {
        if (apiConnections < 1) {
            throw new IllegalArgumentException("apiConnections must be at least 1");
        }
        return connect(config, Optional.empty(), requestTimeout, new VertxOptions(), Impersonation.of(config),
                apiConnections);
    }

    /**
     * Connects with a ready fabric8 config and explicit Vert.x options (e.g. a stricter
     * blocked-thread check). The config is changed: fabric8's own retries are switched off.
     */
    public static ClusterConnection connect(Config config, Duration requestTimeout, VertxOptions vertxOptions) {
        return connect(config, Optional.empty(), requestTimeout, vertxOptions, Impersonation.of(config), API_CONNECTIONS);
    }

    private static ClusterConnection connect(Config config, Optional<ClientKeyManager> clientKey, Duration requestTimeout,
            VertxOptions vertxOptions, Impersonation identity, int apiConnections) {
        Objects.requireNonNull(config, "config");
        Objects.requireNonNull(vertxOptions, "vertxOptions");
        config.setRequestRetryBackoffLimit(0);
        Vertx vertx = Vertx.vertx(vertxOptions);
        try {
            SingleKeyShare keyShare = SingleKeyShare.forThisRuntime();
            HttpClient http = ImpersonationHeaders.install(
                    new KeptAliveConnections(vertx, apiConnections, keyShare, clientKey).newBuilder(config), identity)
                    .build();
            return new ClusterConnection(vertx, config, clientKey, keyShare, requestTimeout, identity, http,
                    () -> closeShared(http, vertx), null);
        } catch (RuntimeException e) {
            vertx.close();
            throw e;
        }
    }

    /**
     * A view of this connection whose every request acts as {@code who}, with its own typed client,
     * over this connection's Vert.x instance and kept-alive connections, sharing its discovery cache
     * ({@link Discovery#sharedThrough}: the view's discovery requests act as {@code who} too). Closing
     * the view leaves this connection open; closing this connection ends the view too.
     */
    public ClusterConnection actingAs(Impersonation who) {
        Objects.requireNonNull(who, "who");
        return new ClusterConnection(vertx, config, clientKey, keyShare, requestTimeout, who, derivedClient(who), () -> { },
                discovery);
    }

    /**
     * This connection handed over to act as {@code who}: a view as {@link #actingAs} makes it,
     * whose closing closes this connection as well (a command's {@code --as} over a connection set
     * up before the command line was read).
     */
    public ClusterConnection handedOverTo(Impersonation who) {
        Objects.requireNonNull(who, "who");
        return new ClusterConnection(vertx, config, clientKey, keyShare, requestTimeout, who, derivedClient(who), this::close,
                discovery);
    }

    /** Whom this connection's requests act as. */
    public Impersonation identity() {
        return identity;
    }

    // fabric8's derived client shares the pool of the client it derives from; only the interceptor differs.
    private HttpClient derivedClient(Impersonation who) {
        return ImpersonationHeaders.install(http.newBuilder(), who).build();
    }

    /**
     * Sets the builder's TLS material after fabric8 configured it from the config: the client key
     * as read ({@link ClientKeyManager}; the config no longer holds it) or fabric8's key managers,
     * and the kubeconfig's certificate authority alone as trust root ({@link ClusterAuthority}).
     */
    static HttpClient.Builder useTls(HttpClient.Builder builder, Config config, Optional<ClientKeyManager> clientKey) {
        try {
            KeyManager[] keys = clientKey.isPresent() ? new KeyManager[] {clientKey.get()} : SSLUtils.keyManagers(config);
            return builder.sslContext(keys, ClusterAuthority.trustManagers(config));
        } catch (GeneralSecurityException | IOException e) {
            // fabric8 read the same key and authority when the kubeconfig was loaded.
            throw new IllegalStateException("cannot read the cluster's certificate authority or client key: "
                    + e.getMessage(), e);
        }
    }

    /** The Vert.x instance every request and timer of this connection runs on. */
    public Vertx vertx() {
        return vertx;
    }

    /**
     * fabric8's typed client, for informers, leases and typed reads; built on the first call, on
     * this connection's Vert.x instance and configuration.
     */
    public KubernetesClient client() {
        synchronized (clientLock) {
            if (client == null) {
                client = new KubernetesClientBuilder()
                        .withConfig(config)
                        .withHttpClientFactory(new VertxHttpClientFactory(vertx))
                        .withHttpClientBuilderConsumer(builder -> ImpersonationHeaders.install(
                                useTls(builder, config, clientKey), identity))
                        .build();
            }
            return client;
        }
    }

    /**
     * The namespace of the kubeconfig's current context (or of the in-cluster service account);
     * null when it names none.
     */
    public String contextNamespace() {
        return config.getNamespace();
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
        synchronized (clientLock) {
            if (client != null) {
                client.close();
            }
        }
        closeShared.run();
    }

    private static void closeShared(HttpClient http, Vertx vertx) {
        http.close();
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
