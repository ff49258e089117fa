package dev.bundlectl.bench.install;

import dev.bundlectl.cluster.connect.ClusterConnection;
import dev.bundlectl.executor.testing.MockCluster;
import dev.bundlectl.plan.model.InstallPlan;
import io.fabric8.kubernetes.client.Config;
import io.vertx.core.Vertx;
import java.net.URI;
import java.time.Duration;
import java.util.Objects;

/**
 * One timed install: a fresh mock cluster (empty store, so every object is created), a fresh
 * delaying proxy in front of it, and a fresh connection through the proxy (empty discovery cache
 * and connection pool, as for one {@code bundlectl install}). Only the install itself is timed;
 * starting and closing all three is not.
 */
public final class InstallTrial {

    private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(10);

    private final Vertx proxyVertx;
    private final Duration latency;

    /**
     * @param proxyVertx the Vert.x instance the proxies run on (not the client's: each connection
     *     owns its own)
     * @param latency the delay the proxy adds to every request
     */
    public InstallTrial(Vertx proxyVertx, Duration latency) {
        this.proxyVertx = Objects.requireNonNull(proxyVertx, "proxyVertx");
        this.latency = Objects.requireNonNull(latency, "latency");
    }

    /**
     * Runs one install and times it.
     *
     * @throws InstallFailedException when the install failed, or when the server saw a request
     *     that did not come through the proxy (it would not have been delayed)
     */
    public Sample run(InstallStrategy strategy, InstallPlan plan) throws InstallFailedException {
        try (MockCluster cluster = MockCluster.start();
                DelayingProxy proxy = DelayingProxy.start(proxyVertx, URI.create(cluster.url()), latency);
                ClusterConnection connection = connectThrough(cluster, proxy)) {
            long start = System.nanoTime();
            strategy.install(connection, plan);
            Duration wallTime = Duration.ofNanos(System.nanoTime() - start);
            long delayed = proxy.requests();
            int served = cluster.requests().size();
            if (delayed != served) {
                throw new InstallFailedException("the proxy delayed " + delayed + " requests but the server answered "
                        + served + ": some requests bypassed the added latency");
            }
            return new Sample(wallTime, delayed, proxy.holdTimes());
        }
    }

    private static ClusterConnection connectThrough(MockCluster cluster, DelayingProxy proxy) {
        Config config = cluster.config();
        config.setMasterUrl(proxy.url());
        return ClusterConnection.connect(config, REQUEST_TIMEOUT);
    }
}
