package dev.bundlectl.executor.ownership;

import dev.bundlectl.cluster.kube.KubeApi;
import dev.bundlectl.plan.api.ApiResource;
import io.vertx.core.Future;

/**
 * Carries a {@link FieldRelease} out: the object's {@code metadata.managedFields} rewritten without
 * the released fields ({@link ManagedFieldsRewrite}).
 */
public final class FieldReleaser {

    private final ManagedFieldsRewrite rewrite;

    /** Releases through {@code api}, which should retry transient failures. */
    public FieldReleaser(KubeApi api) {
        this.rewrite = new ManagedFieldsRewrite(api);
    }

    /**
     * Releases the fields of the object.
     *
     * @return whether the object was there to change
     */
    public Future<Boolean> release(ApiResource type, String namespace, String name, FieldRelease release) {
        return rewrite.rewrite(type, namespace, name, release::releasedFrom);
    }
}
