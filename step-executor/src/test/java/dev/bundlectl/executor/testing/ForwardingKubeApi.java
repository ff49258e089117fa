package dev.bundlectl.executor.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.cluster.kube.ApplyResult;
import dev.bundlectl.cluster.kube.DiscoveryDocument;
import dev.bundlectl.cluster.kube.KubeApi;
import dev.bundlectl.cluster.kube.Preconditions;
import dev.bundlectl.plan.api.ApiResource;
import io.vertx.core.Future;
import java.util.Objects;
import java.util.Optional;

/**
 * A {@link KubeApi} that passes every request to another one: a test that changes one kind of
 * request (a write made as an earlier release made it, a deletion slipped in after an apply)
 * overrides that method alone.
 */
public abstract class ForwardingKubeApi implements KubeApi {

    /** The API every request goes to. */
    protected final KubeApi api;

    protected ForwardingKubeApi(KubeApi api) {
        this.api = Objects.requireNonNull(api, "api");
    }

    @Override
    public Future<ObjectNode> get(ApiResource type, String namespace, String name) {
        return api.get(type, namespace, name);
    }

    @Override
    public Future<ObjectNode> create(ApiResource type, String namespace, ObjectNode object, boolean dryRun) {
        return api.create(type, namespace, object, dryRun);
    }

    @Override
    public Future<ObjectNode> update(ApiResource type, String namespace, ObjectNode object, boolean dryRun) {
        return api.update(type, namespace, object, dryRun);
    }

    @Override
    public Future<ApplyResult> apply(ApiResource type, String namespace, ObjectNode object, String fieldManager,
            boolean force, boolean dryRun) {
        return api.apply(type, namespace, object, fieldManager, force, dryRun);
    }

    @Override
    public Future<ObjectNode> patch(ApiResource type, String namespace, String name, ArrayNode jsonPatch,
            String fieldManager, boolean dryRun) {
        return api.patch(type, namespace, name, jsonPatch, fieldManager, dryRun);
    }

    @Override
    public Future<ObjectNode> list(ApiResource type, String namespace, String labelSelector, int limit,
            String continueToken) {
        return api.list(type, namespace, labelSelector, limit, continueToken);
    }

    @Override
    public Future<Void> delete(ApiResource type, String namespace, String name, Preconditions preconditions,
            boolean dryRun) {
        return api.delete(type, namespace, name, preconditions, dryRun);
    }

    @Override
    public Future<Optional<JsonNode>> discover(String path) {
        return api.discover(path);
    }

    @Override
    public Future<Optional<DiscoveryDocument>> discover(String path, String accept) {
        return api.discover(path, accept);
    }

    @Override
    public String server() {
        return api.server();
    }
}
