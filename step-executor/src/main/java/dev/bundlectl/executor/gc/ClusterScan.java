package dev.bundlectl.executor.gc;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.cluster.concurrency.BoundedConcurrency;
import dev.bundlectl.cluster.discovery.Discovery;
import dev.bundlectl.cluster.kube.ApiException;
import dev.bundlectl.cluster.kube.KubeApi;
import dev.bundlectl.executor.records.ClientErrors;
import dev.bundlectl.plan.api.ApiResource;
import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Reads every kind the cluster serves, in every namespace, and keeps the objects bundlectl marked or
 * labelled that could outlive their owners ({@link MarkedObject}). Owner marks are annotations, which
 * no selector can find, so every kind is listed. A kind the identity may not list, or whose list
 * fails, is named and the others are still read; one that cannot be listed at all (its API lists
 * nothing, 404 or 405) is passed over.
 */
final class ClusterScan {

    // A few lists at a time: enough to be quick, few enough not to crowd the API server's other clients.
    private static final int LISTS_AT_ONCE = 4;
    private static final int PAGE_SIZE = 500;

    private final KubeApi api;
    private final Discovery discovery;

    ClusterScan(KubeApi api, Discovery discovery) {
        this.api = api;
        this.discovery = discovery;
    }

    /**
     * What was found.
     *
     * @param found the marked or labelled objects that could outlive their owners
     * @param unreadable one line per kind (or API) not read, naming it and saying why
     */
    record Scanned(List<MarkedObject> found, List<String> unreadable) {
        Scanned {
            found = List.copyOf(found);
            unreadable = List.copyOf(unreadable);
        }
    }

    /** Lists every served kind; fails only when the cluster's API list itself cannot be read. */
    Future<Scanned> scan() {
        return discovery.snapshot().compose(surface -> {
            List<String> unreadable = new ArrayList<>();
            surface.failures().forEach((groupVersion, message) -> unreadable.add("cannot read what "
                    + groupVersion + " serves: " + message));
            List<ApiResource> kinds = surface.resources().stream().filter(ClusterScan::mayHoldMarks).toList();
            Map<ApiResource, Future<List<ObjectNode>>> lists = new ConcurrentHashMap<>();
            return BoundedConcurrency.forEach(kinds, LISTS_AT_ONCE, kind -> {
                Future<List<ObjectNode>> listed = api.listAll(kind, null, null, PAGE_SIZE);
                lists.put(kind, listed);
                return listed;
            }).map(done -> {
                List<MarkedObject> found = new ArrayList<>();
                for (ApiResource kind : kinds) {
                    Future<List<ObjectNode>> listed = lists.get(kind);
                    if (listed.succeeded()) {
                        listed.result().forEach(object -> MarkedObject.of(kind, object).ifPresent(found::add));
                    } else if (!ApiException.isHttp(listed.cause(), 404) && !ApiException.isHttp(listed.cause(), 405)) {
                        unreadable.add("cannot list " + name(kind) + ": " + ClientErrors.describe(listed.cause()));
                    }
                }
                // CRDs last: deleting one first would take its custom resources before they are judged.
                found.sort(java.util.Comparator.comparing(MarkedObject::customResourceDefinition));
                return new Scanned(found, unreadable);
            });
        });
    }

    /** {@code clusterroles.rbac.authorization.k8s.io}, as kubectl names a resource. */
    static String name(ApiResource kind) {
        return kind.group().isEmpty() ? kind.plural() : kind.plural() + "." + kind.group();
    }

    /** Events are never written by an install, and a busy cluster holds many: they are not read. */
    private static boolean mayHoldMarks(ApiResource kind) {
        return !kind.plural().equals("events");
    }
}
