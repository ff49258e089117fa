package dev.bundlectl.cluster.discovery;

import dev.bundlectl.cluster.kube.KubeApi;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.util.Objects;

/**
 * Loads one group/version's {@code APIResourceList}, retrying transient failures. A 404 means the
 * group/version is not served; any other failure that outlasts the retries fails the load with a
 * {@link DiscoveryFailedException}, which is not the same thing.
 */
final class GroupVersionLoader {

    private final KubeApi api;
    private final Vertx vertx;

    GroupVersionLoader(KubeApi api, Vertx vertx) {
        this.api = Objects.requireNonNull(api, "api");
        this.vertx = Objects.requireNonNull(vertx, "vertx");
    }

    Future<GroupVersionResources> load(GroupVersion groupVersion, DiscoveryRetries retries) {
        String group = groupVersion.group();
        String version = groupVersion.version();
        return retries.run(vertx.getOrCreateContext(), () -> api.discover(GroupVersionResources.path(group, version)))
                .map(document -> document
                        .map(found -> GroupVersionResources.fromDocument(group, version, found))
                        .orElseGet(() -> GroupVersionResources.notServed(group, version)))
                .recover(error -> Future.failedFuture(DiscoveryFailedException.of(groupVersion, error)));
    }
}
