package dev.bundlectl.executor.planning;

import dev.bundlectl.cluster.discovery.Discovery;
import dev.bundlectl.cluster.discovery.DiscoveryApiSurface;
import dev.bundlectl.cluster.kube.ApiException;
import dev.bundlectl.cluster.kube.KubeApi;
import dev.bundlectl.plan.api.ApiSurface;
import dev.bundlectl.plan.config.ClusterProxy;
import dev.bundlectl.plan.config.ProxyReading;
import io.vertx.core.Future;
import java.util.Objects;

/**
 * Reads an OpenShift cluster's proxy ({@code config.openshift.io/v1} {@code Proxy} named
 * {@code cluster}), which a rendered operator is given as OLM gives it on OpenShift
 * (docs/semantics.md §10). A cluster whose discovery lists no {@code config.openshift.io} is not
 * asked; one that serves the group without the kind, or without the object, has no proxy. A
 * refusal or a failure is not the end of planning: it is what the plan judges, and only a plan that
 * would inject the proxy is stopped by it ({@link ProxyReading.Unreadable}).
 */
final class ClusterProxyReader {

    private final KubeApi api;
    private final Discovery discovery;

    ClusterProxyReader(KubeApi api, Discovery discovery) {
        this.api = Objects.requireNonNull(api, "api");
        this.discovery = Objects.requireNonNull(discovery, "discovery");
    }

    /** The proxy as the cluster has it; never a failed future. */
    Future<ProxyReading> read(ApiSurface served) {
        if (served instanceof DiscoveryApiSurface live && !live.listsGroup(ClusterProxy.GROUP)) {
            return Future.succeededFuture(ProxyReading.NOT_SERVED);
        }
        return discovery.find(ClusterProxy.GROUP, ClusterProxy.VERSION, ClusterProxy.KIND)
                .compose(type -> type.isEmpty() ? Future.succeededFuture(ProxyReading.NOT_SERVED)
                        : api.get(type.get(), null, ClusterProxy.NAME)
                                .<ProxyReading>map(proxy -> new ProxyReading.Found(ClusterProxy.of(proxy)))
                                .recover(error -> Future.succeededFuture(error instanceof ApiException missing
                                        && missing.isHttp(404) ? new ProxyReading.Found(ClusterProxy.NONE)
                                        : new ProxyReading.Unreadable(error.getMessage()))))
                .recover(error -> Future.succeededFuture(new ProxyReading.Unreadable(error.getMessage())));
    }
}
