package dev.bundlectl.executor.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.cluster.kube.ApplyResult;
import dev.bundlectl.cluster.kube.DiscoveryDocument;
import dev.bundlectl.cluster.kube.KubeApi;
import dev.bundlectl.cluster.kube.Preconditions;
import dev.bundlectl.plan.api.ApiResource;
import io.vertx.core.Future;
import java.util.Optional;

/**
 * A {@link KubeApi} whose every request fails the test: a scripted double overrides only the
 * requests its test expects, so that any other request shows up as an error rather than a quiet
 * default answer.
 */
public abstract class UnsupportedKubeApi implements KubeApi {

    @Override
    public Future<ObjectNode> get(ApiResource type, String namespace, String name) {
        throw new UnsupportedOperationException("GET " + type + " " + namespace + "/" + name);
    }

    @Override
    public Future<Optional<JsonNode>> discover(String path) {
        throw new UnsupportedOperationException("discovery of " + path);
    }

    @Override
    public Future<Optional<DiscoveryDocument>> discover(String path, String accept) {
        throw new UnsupportedOperationException("discovery of " + path + " as " + accept);
    }

    @Override
    public Future<ObjectNode> create(ApiResource type, String namespace, ObjectNode object, boolean dryRun) {
        throw new UnsupportedOperationException("create of " + type);
    }

    @Override
    public Future<ObjectNode> update(ApiResource type, String namespace, ObjectNode object, boolean dryRun) {
        throw new UnsupportedOperationException("update of " + type);
    }

    @Override
    public Future<ApplyResult> apply(ApiResource type, String namespace, ObjectNode object, String fieldManager,
            boolean force, boolean dryRun) {
        throw new UnsupportedOperationException("apply of " + type);
    }

    @Override
    public Future<ObjectNode> patch(ApiResource type, String namespace, String name,
            com.fasterxml.jackson.databind.node.ArrayNode jsonPatch, String fieldManager, boolean dryRun) {
        throw new UnsupportedOperationException("patch of " + type);
    }

    @Override
    public Future<ObjectNode> list(ApiResource type, String namespace, String labelSelector, int limit,
            String continueToken) {
        throw new UnsupportedOperationException("list of " + type);
    }

    @Override
    public Future<Void> delete(ApiResource type, String namespace, String name, Preconditions preconditions,
            boolean dryRun) {
        throw new UnsupportedOperationException("delete of " + type);
    }

    @Override
    public String server() {
        return "https://127.0.0.1:1";
    }
}
