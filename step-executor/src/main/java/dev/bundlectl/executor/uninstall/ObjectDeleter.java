package dev.bundlectl.executor.uninstall;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.executor.discovery.Discovery;
import dev.bundlectl.executor.kube.ApiException;
import dev.bundlectl.executor.kube.KubeApi;
import dev.bundlectl.executor.kube.Preconditions;
import dev.bundlectl.executor.records.ClientErrors;
import dev.bundlectl.executor.records.CreatedObject;
import dev.bundlectl.executor.records.ObjectRef;
import dev.bundlectl.plan.api.ApiResource;
import io.vertx.core.Future;
import java.net.HttpURLConnection;

/**
 * Deletes one object an install created, if it is still that object. Asynchronous; the API it is
 * given retries transient failures. Uninstall uses it for every object a record owns, and an
 * upgrade for each object the new bundle no longer has.
 *
 * <p>A DELETE whose answer was lost is retried; if the first one landed, the retry finds the
 * object gone (404) and the result is {@code AlreadyGone}, which counts as deleted.
 */
public final class ObjectDeleter {

    // A 409 on the delete means the object changed after it was checked: check again, a few times.
    private static final int ATTEMPTS = 3;

    private final KubeApi api;
    private final ResourceLocator locator;
    private final boolean deleteCrds;
    private final boolean dryRun;
    private final String creator;

    ObjectDeleter(KubeApi api, ResourceLocator locator, UninstallOptions options) {
        this(api, locator, options.deleteCrds(), false, "this install");
    }

    private ObjectDeleter(KubeApi api, ResourceLocator locator, boolean deleteCrds, boolean dryRun, String creator) {
        this.api = api;
        this.locator = locator;
        this.deleteCrds = deleteCrds;
        this.dryRun = dryRun;
        this.creator = creator;
    }

    /**
     * The deleter an upgrade uses for what the previous install created and the new bundle lacks:
     * CRDs are kept, and messages name the previous install as the creator.
     *
     * @param api the API server
     * @param discovery finds the resource of an object whose record names none
     * @param dryRun whether the DELETE is sent with {@code dryRun=All}
     */
    public static ObjectDeleter forUpgrade(KubeApi api, Discovery discovery, boolean dryRun) {
        return new ObjectDeleter(api, new ResourceLocator(discovery), false, dryRun, "the previous install");
    }

    /** Deletes the object if its live uid is still the recorded one; never fails. */
    public Future<DeletionResult> delete(CreatedObject owned) {
        ObjectRef ref = owned.object();
        if (ref.customResourceDefinition() && !deleteCrds) {
            return Future.succeededFuture(new DeletionResult.Kept(ref, "CRDs are kept unless deleteCrds is set,"
                    + " because deleting one deletes every custom resource of its kind"));
        }
        return locator.locate(owned).compose(type -> {
            if (type.isEmpty()) {
                return Future.succeededFuture((DeletionResult) new DeletionResult.AlreadyGone(ref,
                        "the cluster no longer serves " + ref.kind() + " in " + ref.apiVersion()));
            }
            if (type.get().namespaced() && ref.namespace() == null) {
                return Future.succeededFuture((DeletionResult) new DeletionResult.Failed(ref,
                        ref.kind() + " is namespaced, but the record gives no namespace"));
            }
            return attempt(type.get(), owned, 1);
        }, error -> Future.succeededFuture(new DeletionResult.Failed(ref, "cannot discover API " + ref.apiVersion()
                + ": " + ClientErrors.describe(error))));
    }

    private Future<DeletionResult> attempt(ApiResource type, CreatedObject owned, int attempt) {
        ObjectRef ref = owned.object();
        String namespace = type.namespaced() ? ref.namespace() : null;
        return api.get(type, namespace, ref.name())
                .compose(live -> deleteIfOwned(type, namespace, owned, live))
                .recover(error -> {
                    if (ApiException.isHttp(error, HttpURLConnection.HTTP_NOT_FOUND)) {
                        return Future.succeededFuture(new DeletionResult.AlreadyGone(ref, null));
                    }
                    if (!ApiException.isHttp(error, HttpURLConnection.HTTP_CONFLICT)) {
                        return Future.succeededFuture(new DeletionResult.Failed(ref, ClientErrors.describe(error)));
                    }
                    if (attempt < ATTEMPTS) {
                        return attempt(type, owned, attempt + 1);
                    }
                    return Future.succeededFuture(new DeletionResult.Failed(ref,
                            "the object kept changing while it was being deleted: " + ClientErrors.describe(error)));
                });
    }

    private Future<DeletionResult> deleteIfOwned(ApiResource type, String namespace, CreatedObject owned,
            ObjectNode live) {
        ObjectRef ref = owned.object();
        JsonNode meta = live.path("metadata");
        String uid = text(meta, "uid");
        if (owned.uid() != null && !owned.uid().equals(uid)) {
            return Future.succeededFuture(new DeletionResult.Skipped(ref, "not deleted because it was replaced: "
                    + creator + " created uid " + owned.uid() + ", the object now has uid " + uid));
        }
        String deletionTimestamp = text(meta, "deletionTimestamp");
        if (deletionTimestamp != null) {
            return Future.succeededFuture(new DeletionResult.AlreadyGone(ref,
                    "already being deleted since " + deletionTimestamp));
        }
        // The uid and resourceVersion just read make the API server refuse (409) if the object
        // changed, or was replaced, between the check above and the delete.
        return api.delete(type, namespace, ref.name(), new Preconditions(uid, text(meta, "resourceVersion")), dryRun)
                .map(deleted -> new DeletionResult.Deleted(ref));
    }

    private static String text(JsonNode node, String field) {
        JsonNode value = node.path(field);
        return value.isValueNode() && !value.isNull() && !value.asText().isEmpty() ? value.asText() : null;
    }
}
