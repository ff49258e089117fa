package dev.bundlectl.cluster.retry;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.cluster.kube.ApplyResult;
import dev.bundlectl.cluster.kube.DiscoveryDocument;
import dev.bundlectl.cluster.kube.KubeApi;
import dev.bundlectl.cluster.kube.Preconditions;
import dev.bundlectl.plan.api.ApiResource;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * A {@link KubeApi} whose every request goes through a {@link RetryPolicy}, each with the
 * policy's own budget: for the callers that have no step to report retries on, such as install
 * records and uninstall.
 *
 * <p>Writes are retried too. That is safe for these callers because each reads the answer of a
 * retried write for what it is: a create that landed before its answer was lost comes back as
 * 409 AlreadyExists, an update as 409 Conflict on the stale resourceVersion, and a delete as 404.
 * The executor's steps do not use this class: they retry with {@code apply.Retrier}, which also
 * remembers whether a lost write may have landed.
 */
public final class RetryingKubeApi implements KubeApi {

    private final KubeApi api;
    private final RetryPolicy policy;
    private final Vertx vertx;

    /**
     * @param api the API to send each attempt through
     * @param policy when and how long to retry
     * @param vertx whose context the waits run on (the caller's, when it is on one)
     */
    public RetryingKubeApi(KubeApi api, RetryPolicy policy, Vertx vertx) {
        this.api = Objects.requireNonNull(api, "api");
        this.policy = Objects.requireNonNull(policy, "policy");
        this.vertx = Objects.requireNonNull(vertx, "vertx");
    }

    @Override
    public Future<ObjectNode> get(ApiResource type, String namespace, String name) {
        return retried(() -> api.get(type, namespace, name));
    }

    @Override
    public Future<ObjectNode> create(ApiResource type, String namespace, ObjectNode object, boolean dryRun) {
        return retried(() -> api.create(type, namespace, object, dryRun));
    }

    @Override
    public Future<ApplyResult> apply(ApiResource type, String namespace, ObjectNode object, String fieldManager,
            boolean force, boolean dryRun) {
        return retried(() -> api.apply(type, namespace, object, fieldManager, force, dryRun));
    }

    @Override
    public Future<ObjectNode> patch(ApiResource type, String namespace, String name, ArrayNode jsonPatch,
            String fieldManager, boolean dryRun) {
        return retried(() -> api.patch(type, namespace, name, jsonPatch, fieldManager, dryRun));
    }

    @Override
    public Future<ObjectNode> update(ApiResource type, String namespace, ObjectNode object, boolean dryRun) {
        return retried(() -> api.update(type, namespace, object, dryRun));
    }

    @Override
    public Future<ObjectNode> list(ApiResource type, String namespace, String labelSelector, int limit,
            String continueToken) {
        return retried(() -> api.list(type, namespace, labelSelector, limit, continueToken));
    }

    @Override
    public Future<Void> delete(ApiResource type, String namespace, String name, Preconditions preconditions,
            boolean dryRun) {
        return retried(() -> api.delete(type, namespace, name, preconditions, dryRun));
    }

    @Override
    public Future<Optional<JsonNode>> discover(String path) {
        return retried(() -> api.discover(path));
    }

    @Override
    public Future<Optional<DiscoveryDocument>> discover(String path, String accept) {
        // Not the interface's default, which would ask without the Accept header and lose the
        // aggregated form.
        return retried(() -> api.discover(path, accept));
    }

    @Override
    public String server() {
        return api.server();
    }

    private <T> Future<T> retried(Supplier<Future<T>> request) {
        return policy.call(vertx.getOrCreateContext(), request);
    }
}
