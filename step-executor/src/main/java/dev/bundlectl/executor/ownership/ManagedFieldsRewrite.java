package dev.bundlectl.executor.ownership;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.bundlectl.cluster.kube.ApiException;
import dev.bundlectl.cluster.kube.KubeApi;
import dev.bundlectl.plan.api.ApiResource;
import io.vertx.core.Future;
import java.util.Objects;
import java.util.function.Function;

/**
 * Rewrites an object's {@code metadata.managedFields}: server-side apply has no request to move
 * or drop another manager's fields, so the list is replaced with a JSON patch conditional on the
 * {@code resourceVersion} just read, as kubectl rewrites it when it moves a client-side apply's
 * fields to a server-side one. A write between the read and the patch (its test fails) is read
 * again and tried again, a few times. {@link FieldOwnershipTransfer} and {@link FieldReleaser}
 * say what the new list is.
 */
final class ManagedFieldsRewrite {

    // A write between the read and the patch (the test fails): read and try again, a few times.
    private static final int ATTEMPTS = 3;

    private final KubeApi api;

    ManagedFieldsRewrite(KubeApi api) {
        this.api = Objects.requireNonNull(api, "api");
    }

    /**
     * Replaces the object's {@code managedFields} with what {@code change} makes of them; nothing
     * is written when it answers null (nothing to change).
     *
     * @return whether the object was there
     */
    Future<Boolean> rewrite(ApiResource type, String namespace, String name, Function<JsonNode, ArrayNode> change) {
        return attempt(type, namespace, name, change, 1);
    }

    private Future<Boolean> attempt(ApiResource type, String namespace, String name,
            Function<JsonNode, ArrayNode> change, int attempt) {
        return api.get(type, namespace, name).compose(live -> {
            ArrayNode managedFields = change.apply(live.path("metadata").path("managedFields"));
            if (managedFields == null) {
                return Future.succeededFuture(true);
            }
            ArrayNode patch = JsonNodeFactory.instance.arrayNode();
            patch.addObject().put("op", "test").put("path", "/metadata/resourceVersion")
                    .put("value", live.path("metadata").path("resourceVersion").asText());
            patch.addObject().put("op", "replace").put("path", "/metadata/managedFields").set("value", managedFields);
            return api.patch(type, namespace, name, patch, false).map(true);
        }).recover(error -> {
            if (ApiException.isHttp(error, 404)) {
                return Future.succeededFuture(false);
            }
            // A failed test answers 422 (Invalid) or 409: the object changed since it was read.
            if ((ApiException.isHttp(error, 409) || ApiException.isHttp(error, 422)) && attempt < ATTEMPTS) {
                return attempt(type, namespace, name, change, attempt + 1);
            }
            return Future.failedFuture(error);
        });
    }
}
