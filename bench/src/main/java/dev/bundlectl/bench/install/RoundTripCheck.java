package dev.bundlectl.bench.install;

import dev.bundlectl.executor.testing.MockCluster;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.RequestOptions;
import java.net.URI;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.TimeUnit;

/**
 * Measures what the delaying proxy really adds: the same small GET ({@code /api}) sent one at a
 * time straight to the mock server and through the proxy, median round trip of each. Proves the
 * latency is there before any install is timed.
 */
public final class RoundTripCheck {

    private static final int WARM_UP = 5;
    private static final long WAIT_SECONDS = 10;

    /**
     * The result.
     *
     * @param directMillis median round trip straight to the server
     * @param proxiedMillis median round trip through the proxy
     * @param samples how many requests each median is over
     */
    public record Result(double directMillis, double proxiedMillis, int samples) {

        /** What the proxy added to each round trip, median against median. */
        public double addedMillis() {
            return proxiedMillis - directMillis;
        }
    }

    private final Vertx vertx;

    /** A check whose proxy and client run on {@code vertx}. */
    public RoundTripCheck(Vertx vertx) {
        this.vertx = Objects.requireNonNull(vertx, "vertx");
    }

    /**
     * Measures {@code samples} round trips each way against a fresh mock cluster.
     *
     * @throws IllegalStateException when a request fails
     */
    public Result measure(Duration latency, int samples) {
        if (samples < 1) {
            throw new IllegalArgumentException("samples must be at least 1, not " + samples);
        }
        HttpClient client = vertx.createHttpClient(new HttpClientOptions().setKeepAlive(true));
        try (MockCluster cluster = MockCluster.start();
                DelayingProxy proxy = DelayingProxy.start(vertx, URI.create(cluster.url()), latency)) {
            URI direct = URI.create(cluster.url());
            URI proxied = URI.create(proxy.url());
            return new Result(medianMillis(client, direct, samples), medianMillis(client, proxied, samples), samples);
        } finally {
            client.close();
        }
    }

    private static double medianMillis(HttpClient client, URI server, int samples) {
        for (int i = 0; i < WARM_UP; i++) {
            roundTrip(client, server);
        }
        double[] millis = new double[samples];
        for (int i = 0; i < samples; i++) {
            long start = System.nanoTime();
            roundTrip(client, server);
            millis[i] = (System.nanoTime() - start) / 1e6;
        }
        return Medians.of(millis);
    }

    private static void roundTrip(HttpClient client, URI server) {
        RequestOptions get = new RequestOptions().setMethod(HttpMethod.GET).setHost(server.getHost())
                .setPort(server.getPort()).setURI("/api").addHeader("Authorization", "Bearer test-token");
        Future<Integer> status = client.request(get)
                .compose(request -> request.send())
                .compose(response -> response.body().map(body -> response.statusCode()));
        int code;
        try {
            code = status.toCompletionStage().toCompletableFuture().get(WAIT_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        } catch (Exception e) {
            throw new IllegalStateException("GET /api on " + server + " failed: " + e.getMessage(), e);
        }
        if (code != 200) {
            throw new IllegalStateException("GET /api on " + server + " answered " + code);
        }
    }
}
