package dev.bundlectl.executor.install;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.executor.kube.ApiException;
import dev.bundlectl.executor.kube.KubeApi;
import dev.bundlectl.executor.records.ClientErrors;
import dev.bundlectl.plan.api.ApiResource;
import io.vertx.core.Future;

/**
 * Makes sure the install namespace exists before the first write, creating it only when asked. A
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

    /** Succeeds when the namespace exists or was created; fails with {@link InstallRejectedException} otherwise. */
    Future<Void> ensure(String namespace, boolean create, boolean dryRun) {
        return api.get(NAMESPACES, null, namespace)
                .<Void>map(existing -> null)
                .recover(failure -> {
                    if (failure instanceof ApiException forbidden && forbidden.isHttp(403) && !create) {
                        return Future.succeededFuture();
                    }
                    if (!(failure instanceof ApiException api404) || !api404.isHttp(404)) {
                        return Future.failedFuture(unavailable("read", namespace, failure));
                    }
                    if (!create) {
                        return Future.failedFuture(new InstallRejectedException("namespace \"" + namespace
                                + "\" does not exist; create it, or pass --create-namespace"));
                    }
                    if (dryRun) {
                        // A dry run persists nothing, so the namespace is only checked, not created.
                        return Future.succeededFuture();
                    }
                    return api.create(NAMESPACES, null, namespaceObject(namespace), false).<Void>mapEmpty()
                            .recover(error -> ApiException.isHttp(error, 409) ? Future.succeededFuture()
                                    : Future.failedFuture(unavailable("create", namespace, error)));
                });
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
