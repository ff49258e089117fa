package dev.bundlectl.executor.capability;

import dev.bundlectl.bundle.Manifest;
import dev.bundlectl.cluster.concurrency.BoundedConcurrency;
import dev.bundlectl.cluster.discovery.Discovery;
import dev.bundlectl.cluster.kube.ApiException;
import dev.bundlectl.cluster.kube.KubeApi;
import dev.bundlectl.plan.api.ApiResource;
import io.vertx.core.Future;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * Looks up whether manifests' objects already exist on the cluster: the capabilities rules' implicit
 * enablement applies an excluded manifest whose object is already there. A kind the cluster does
 * not serve has no objects; an object that cannot be read (403, timeout) counts as absent, with a
 * warning. A few lookups run at once, the next starting as one ends, so a large payload does not
 * flood the API server.
 */
public final class ExistingObjects {

    /** How many lookups run at once. */
    static final int LOOKUPS_AT_ONCE = 4;

    private final KubeApi api;
    private final Discovery discovery;

    /** Lookups through this API and discovery. */
    public ExistingObjects(KubeApi api, Discovery discovery) {
        this.api = Objects.requireNonNull(api, "api");
        this.discovery = Objects.requireNonNull(discovery, "discovery");
    }

    /**
     * Checks each manifest's object.
     *
     * @param manifests the manifests to check
     * @param targetNamespace for a bundle, the install namespace (every namespaced object goes
     *     there, as the planner places it); null for a payload, whose objects keep their own namespace
     * @return which exist; never fails
     */
    public Future<ExistenceCheck> check(List<Manifest> manifests, String targetNamespace) {
        ConcurrentLinkedQueue<Manifest> existing = new ConcurrentLinkedQueue<>();
        ConcurrentLinkedQueue<String> warnings = new ConcurrentLinkedQueue<>();
        // compose: a lookup that throws becomes a warning too, not a lost manifest.
        return BoundedConcurrency.forEach(manifests, LOOKUPS_AT_ONCE, manifest -> Future.succeededFuture()
                        .compose(start -> lookup(manifest, targetNamespace))
                        .map(found -> {
                            if (found) {
                                existing.add(manifest);
                            }
                            return (Void) null;
                        })
                        .otherwise(error -> {
                            warnings.add("could not check whether " + manifest.displayName() + " already exists ("
                                    + error.getMessage() + "); it counts as absent");
                            return null;
                        }))
                .transform(done -> Future.succeededFuture(
                        ExistenceCheck.of(existing, warnings.stream().sorted().toList())));
    }

    private Future<Boolean> lookup(Manifest manifest, String targetNamespace) {
        return discovery.find(manifest.group(), manifest.version(), manifest.kind()).compose(type -> {
            if (type.isEmpty()) {
                return Future.succeededFuture(false);
            }
            Optional<String> namespace = namespaceOf(type.get(), manifest, targetNamespace);
            if (type.get().namespaced() && namespace.isEmpty()) {
                return Future.succeededFuture(false);
            }
            return api.get(type.get(), namespace.orElse(null), manifest.name())
                    .map(live -> true)
                    .recover(error -> error instanceof ApiException missing && missing.isHttp(404)
                            ? Future.succeededFuture(false)
                            : Future.failedFuture(error));
        });
    }

    private static Optional<String> namespaceOf(ApiResource type, Manifest manifest, String targetNamespace) {
        if (!type.namespaced()) {
            return Optional.empty();
        }
        if (targetNamespace != null) {
            return Optional.of(targetNamespace);
        }
        return Optional.ofNullable(manifest.namespace()).filter(namespace -> !namespace.isBlank());
    }
}
