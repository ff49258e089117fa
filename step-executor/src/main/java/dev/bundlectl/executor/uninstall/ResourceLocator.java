package dev.bundlectl.executor.uninstall;

import dev.bundlectl.cluster.discovery.Discovery;
import dev.bundlectl.executor.records.CreatedObject;
import dev.bundlectl.executor.records.ObjectRef;
import dev.bundlectl.plan.api.ApiResource;
import io.vertx.core.Future;
import java.util.Optional;

/**
 * Finds the API resource an object is served through: the one recorded at creation, else the one
 * discovery names. An unserved API must read as "gone", not as an error.
 */
final class ResourceLocator {

    private final Discovery discovery;

    ResourceLocator(Discovery discovery) {
        this.discovery = discovery;
    }

    /**
     * The resource of an object; empty when the API no longer serves the kind, which means no
     * object of it can exist. Fails when discovery fails.
     */
    Future<Optional<ApiResource>> locate(CreatedObject owned) {
        ObjectRef ref = owned.object();
        if (owned.resource() != null && !owned.resource().isBlank()) {
            return Future.succeededFuture(Optional.of(new ApiResource(ref.group(), ref.version(), ref.kind(),
                    owned.resource(), ref.namespace() != null)));
        }
        return discovery.find(ref.group(), ref.version(), ref.kind());
    }
}
