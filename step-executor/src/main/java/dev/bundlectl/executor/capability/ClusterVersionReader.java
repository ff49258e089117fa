package dev.bundlectl.executor.capability;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.cluster.discovery.Discovery;
import dev.bundlectl.cluster.kube.ApiException;
import dev.bundlectl.cluster.kube.KubeApi;
import dev.bundlectl.plan.capability.ClusterCapabilityStatus;
import io.vertx.core.Future;
import java.util.Objects;
import java.util.Optional;

/**
 * Reads an OpenShift cluster's ClusterVersion object ({@code config.openshift.io/v1}
 * {@code ClusterVersion} named {@code version}), whose status says which capabilities the
 * cluster has enabled. Any other cluster has none: discovery does not list the kind.
 */
public final class ClusterVersionReader {

    private final KubeApi api;
    private final Discovery discovery;

    /** A reader through this API and discovery. */
    public ClusterVersionReader(KubeApi api, Discovery discovery) {
        this.api = Objects.requireNonNull(api, "api");
        this.discovery = Objects.requireNonNull(discovery, "discovery");
    }

    /**
     * The ClusterVersion object; empty when the cluster does not serve the kind, or serves it
     * without a {@code version} object. Fails with the API's error otherwise (e.g. 403), since
     * planning on a cluster whose capabilities cannot be read could apply what it disables.
     */
    public Future<Optional<ObjectNode>> read() {
        return discovery.find(ClusterCapabilityStatus.GROUP, ClusterCapabilityStatus.VERSION,
                        ClusterCapabilityStatus.KIND)
                .compose(type -> type.isEmpty()
                        ? Future.succeededFuture(Optional.<ObjectNode>empty())
                        : api.get(type.get(), null, ClusterCapabilityStatus.NAME)
                                .map(Optional::of)
                                .recover(error -> error instanceof ApiException missing && missing.isHttp(404)
                                        ? Future.succeededFuture(Optional.empty())
                                        : Future.failedFuture(error)));
    }
}
