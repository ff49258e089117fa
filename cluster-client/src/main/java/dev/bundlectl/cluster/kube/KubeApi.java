package dev.bundlectl.cluster.kube;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.plan.api.ApiResource;
import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The executor's asynchronous view of the API server. Every request goes to the exact URL that
 * discovery gave for the resource, so the server's real answer always comes back (fabric8's
 * typed DSL would instead refuse an unregistered kind on the client side with code -1).
 *
 * <p>Futures complete on the Vert.x context that made the call. A request that did not succeed
 * fails the future with {@link ApiException}; a namespaced type without a namespace fails it with
 * {@link IllegalArgumentException} before anything is sent, and a 2xx answer that is not JSON
 * with {@link IllegalStateException}. No method blocks the calling thread.
 */
public interface KubeApi {

    /**
     * The field manager of bundlectl's creates and updates (install records, a namespace, a Lease),
     * and of every server-side apply before installs had owners: an install applies as its
     * package's ({@code InstallOwner.fieldManager()}, docs/semantics.md §8).
     */
    String FIELD_MANAGER = "bundlectl";

    /** The media type of plain JSON answers. */
    String JSON_MEDIA_TYPE = "application/json";

    /** GET one object; a missing object fails with a 404 {@link ApiException}. */
    Future<ObjectNode> get(ApiResource type, String namespace, String name);

    /** POST {@code object}; with {@code dryRun} the server validates it but stores nothing. */
    Future<ObjectNode> create(ApiResource type, String namespace, ObjectNode object, boolean dryRun);

    /**
     * PUT {@code object}, which must carry the {@code metadata.resourceVersion} it replaces: for
     * bundlectl's own objects (install records), which no other manager writes.
     */
    Future<ObjectNode> update(ApiResource type, String namespace, ObjectNode object, boolean dryRun);

    /**
     * Server-side apply: PATCH {@code object} as {@code application/apply-patch+yaml} under
     * {@code fieldManager}, creating it when it does not exist. Fields that other managers own are
     * kept, and fields this manager applied before and {@code object} leaves out are removed (unless
     * another manager applies them too); a field that another manager owns with a different value
     * fails with 409 {@code Conflict} unless {@code force}, which takes it over. An object with a
     * {@code metadata.resourceVersion} is applied only over that version (409 otherwise).
     */
    Future<ApplyResult> apply(ApiResource type, String namespace, ObjectNode object, String fieldManager, boolean force,
            boolean dryRun);

    /**
     * PATCH one object with a JSON patch ({@code application/json-patch+json}, RFC 6902) as
     * {@link #FIELD_MANAGER}: for changes no apply can make, such as moving field ownership from one
     * manager to another. A {@code test} operation in the patch makes it conditional.
     */
    default Future<ObjectNode> patch(ApiResource type, String namespace, String name, ArrayNode jsonPatch,
            boolean dryRun) {
        return patch(type, namespace, name, jsonPatch, FIELD_MANAGER, dryRun);
    }

    /**
     * PATCH one object with a JSON patch, as {@code fieldManager}: the fields it changes are recorded
     * in {@code metadata.managedFields} as that manager's update.
     */
    Future<ObjectNode> patch(ApiResource type, String namespace, String name, ArrayNode jsonPatch, String fieldManager,
            boolean dryRun);

    /**
     * GET one page of a collection: at most {@code limit} objects, continuing where the page
     * that gave {@code continueToken} ended (null for the first page). A null {@code namespace}
     * lists every namespace, also for a namespaced type. The answer is the List object; its
     * {@code metadata.continue} is non-empty while more pages follow. A resource the server does
     * not serve fails with a 404 {@link ApiException}.
     */
    default Future<ObjectNode> list(ApiResource type, String namespace, int limit, String continueToken) {
        return list(type, namespace, null, limit, continueToken);
    }

    /**
     * The same, for the objects that match {@code labelSelector} (as {@code kubectl -l} takes it;
     * null or empty for all).
     */
    Future<ObjectNode> list(ApiResource type, String namespace, String labelSelector, int limit,
            String continueToken);

    /**
     * Every object of a collection that matches {@code labelSelector}, page after page of
     * {@code pageSize}; a null {@code namespace} lists every namespace.
     */
    default Future<List<ObjectNode>> listAll(ApiResource type, String namespace, String labelSelector, int pageSize) {
        return nextPage(type, namespace, labelSelector, pageSize, null, new ArrayList<>());
    }

    private Future<List<ObjectNode>> nextPage(ApiResource type, String namespace, String labelSelector,
            int pageSize, String continueToken, List<ObjectNode> found) {
        return list(type, namespace, labelSelector, pageSize, continueToken).compose(page -> {
            for (com.fasterxml.jackson.databind.JsonNode item : page.path("items")) {
                if (item instanceof ObjectNode object) {
                    found.add(object);
                }
            }
            String next = page.path("metadata").path("continue").asText("");
            return next.isEmpty() ? Future.succeededFuture(found)
                    : nextPage(type, namespace, labelSelector, pageSize, next, found);
        });
    }

    /** DELETE one object with background propagation; does not wait for it to disappear. */
    default Future<Void> delete(ApiResource type, String namespace, String name, boolean dryRun) {
        return delete(type, namespace, name, Preconditions.NONE, dryRun);
    }

    /**
     * DELETE one object with background propagation, only while it still meets
     * {@code preconditions}: otherwise the server answers 409 Conflict and keeps it.
     */
    Future<Void> delete(ApiResource type, String namespace, String name, Preconditions preconditions,
            boolean dryRun);

    /**
     * GET a discovery document such as {@code /api/v1} or {@code /apis/apps/v1}; empty when the
     * server answers 404.
     */
    Future<Optional<JsonNode>> discover(String path);

    /**
     * GET a discovery document such as {@code /apis} asking for the media types in {@code accept},
     * with the {@code Content-Type} the server answered in; empty when the server answers 404. An
     * API that does not override this asks for plain JSON.
     */
    default Future<Optional<DiscoveryDocument>> discover(String path, String accept) {
        return discover(path).map(found -> found.map(body -> new DiscoveryDocument(body, JSON_MEDIA_TYPE)));
    }

    /** The API server's URL, for messages. Never contains credentials. */
    String server();
}
