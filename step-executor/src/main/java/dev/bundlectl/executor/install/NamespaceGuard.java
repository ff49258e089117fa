package dev.bundlectl.executor.install;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.cluster.kube.ApiException;
import dev.bundlectl.cluster.kube.KubeApi;
import dev.bundlectl.executor.records.ClientErrors;
import dev.bundlectl.plan.api.ApiResource;
import io.vertx.core.Future;

/**
 * Tells whether the install namespace exists before the first write, and creates it when asked. A
 * user whose rights end at the namespace's contents may not read the Namespace object itself: a 403
 * on that read is not a reason to stop, because the writes will tell (a missing namespace answers
 * 404 with {@code details.kind=namespaces}), as they do for kubectl.
 *
 * <p>Both requests go through a retrying API: a 429, 5xx or reset here would otherwise stop the
 * install before its first step. A create whose answer was lost and that is sent again answers
 * 409 AlreadyExists, which means the namespace is there.
 */
final class NamespaceGuard {

    private static final ApiResource NAMESPACES = new ApiResource("", "v1", "Namespace", "namespaces", false);

    private final KubeApi api;

    NamespaceGuard(KubeApi api) {
        this.api = api;
    }

    /**
     * Whether the namespace exists: true when it does, or when the user may not read it (the
     * writes will tell); false when it is missing. Fails with the namespace named when the
     * server could not answer.
     */
    Future<Boolean> exists(String namespace) {
        return api.get(NAMESPACES, null, namespace)
                .map(existing -> true)
                .recover(failure -> {
                    if (failure instanceof ApiException forbidden && forbidden.isHttp(403)) {
                        return Future.succeededFuture(true);
                    }
                    if (failure instanceof ApiException api404 && api404.isHttp(404)) {
                        return Future.succeededFuture(false);
                    }
                    return Future.failedFuture(unavailable("read", namespace, failure));
                });
    }

    /** The refusal of an install into a missing namespace that it was not asked to create. */
    static InstallRejectedException missing(String namespace) {
        return new InstallRejectedException("namespace \"" + namespace
                + "\" does not exist; create it, or pass --create-namespace");
    }

    /** Creates the missing namespace; one that appeared meanwhile (409) is there, which is what was wanted. */
    Future<Void> create(String namespace) {
        return api.create(NAMESPACES, null, namespaceObject(namespace), false).<Void>mapEmpty()
                .recover(error -> ApiException.isHttp(error, 409) ? Future.succeededFuture()
                        : Future.failedFuture(unavailable("create", namespace, error)));
    }

    /** The failure, with the namespace named: the API's own text says only what went wrong. */
    private static Throwable unavailable(String what, String namespace, Throwable failure) {
        return new IllegalStateException("cannot " + what + " namespace \"" + namespace + "\": "
                + ClientErrors.describe(failure), failure);
    }

    private static ObjectNode namespaceObject(String namespace) {
        ObjectNode object = JsonNodeFactory.instance.objectNode();
        object.put("apiVersion", "v1").put("kind", "Namespace");
        object.putObject("metadata").put("name", namespace)
                .putObject("labels").put("app.kubernetes.io/managed-by", "bundlectl");
        return object;
    }
}
