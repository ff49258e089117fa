package dev.bundlectl.executor.uninstall;

import dev.bundlectl.executor.records.ClientErrors;
import dev.bundlectl.executor.records.CreatedObject;
import dev.bundlectl.executor.records.ObjectRef;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.Resource;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import java.net.HttpURLConnection;
import java.util.Optional;

/**
 * Deletes one object an install created, if it is still that object. Blocking: call it on a
 * worker thread. Not thread-safe (its locator caches discovery).
 */
final class ObjectDeleter {

    // A 409 on the delete means the object changed after it was checked: check again, a few times.
    private static final int ATTEMPTS = 3;

    private final KubernetesClient client;
    private final ResourceLocator locator;
    private final boolean deleteCrds;

    ObjectDeleter(KubernetesClient client, UninstallOptions options) {
        this.client = client;
        this.locator = new ResourceLocator(client);
        this.deleteCrds = options.deleteCrds();
    }

    DeletionResult delete(CreatedObject owned) {
        ObjectRef ref = owned.object();
        if (ref.customResourceDefinition() && !deleteCrds) {
            return new DeletionResult.Kept(ref, "CRDs are kept unless deleteCrds is set, because deleting one "
                    + "deletes every custom resource of its kind");
        }
        Optional<ResourceDefinitionContext> context;
        try {
            context = locator.locate(owned);
        } catch (KubernetesClientException e) {
            return new DeletionResult.Failed(ref, "cannot discover API " + ref.apiVersion() + ": "
                    + ClientErrors.describe(e));
        }
        if (context.isEmpty()) {
            return new DeletionResult.AlreadyGone(ref, "the cluster no longer serves " + ref.kind() + " in "
                    + ref.apiVersion());
        }
        if (context.get().isNamespaceScoped() && ref.namespace() == null) {
            return new DeletionResult.Failed(ref, ref.kind() + " is namespaced, but the record gives no namespace");
        }
        Resource<GenericKubernetesResource> resource = target(context.get(), ref);
        KubernetesClientException lastConflict = null;
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            try {
                return deleteIfOwned(resource, owned);
            } catch (KubernetesClientException e) {
                if (e.getCode() == HttpURLConnection.HTTP_NOT_FOUND) {
                    return new DeletionResult.AlreadyGone(ref, null);
                }
                if (e.getCode() != HttpURLConnection.HTTP_CONFLICT) {
                    return new DeletionResult.Failed(ref, ClientErrors.describe(e));
                }
                lastConflict = e;
            }
        }
        return new DeletionResult.Failed(ref, "the object kept changing while it was being deleted: "
                + ClientErrors.describe(lastConflict));
    }

    private DeletionResult deleteIfOwned(Resource<GenericKubernetesResource> resource, CreatedObject owned) {
        ObjectRef ref = owned.object();
        GenericKubernetesResource live = resource.get();
        if (live == null) {
            return new DeletionResult.AlreadyGone(ref, null);
        }
        ObjectMeta meta = live.getMetadata();
        if (owned.uid() != null && !owned.uid().equals(meta.getUid())) {
            return new DeletionResult.Skipped(ref, "not deleted because it was replaced: this install created uid "
                    + owned.uid() + ", the object now has uid " + meta.getUid());
        }
        if (meta.getDeletionTimestamp() != null) {
            return new DeletionResult.AlreadyGone(ref, "already being deleted since " + meta.getDeletionTimestamp());
        }
        // Locking the resourceVersion just read makes the API server refuse (409) if the object
        // changed, or was replaced, between the check above and the delete.
        boolean deleted = meta.getResourceVersion() == null
                ? !resource.delete().isEmpty()
                : !resource.lockResourceVersion(meta.getResourceVersion()).delete().isEmpty();
        return deleted ? new DeletionResult.Deleted(ref) : new DeletionResult.AlreadyGone(ref, null);
    }

    private Resource<GenericKubernetesResource> target(ResourceDefinitionContext context, ObjectRef ref) {
        return context.isNamespaceScoped()
                ? client.genericKubernetesResources(context).inNamespace(ref.namespace()).withName(ref.name())
                : client.genericKubernetesResources(context).withName(ref.name());
    }
}
