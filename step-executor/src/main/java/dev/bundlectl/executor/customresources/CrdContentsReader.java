package dev.bundlectl.executor.customresources;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.bundle.kinds.GroupKind;
import dev.bundlectl.cluster.kube.ApiException;
import dev.bundlectl.cluster.kube.KubeApi;
import dev.bundlectl.executor.records.ClientErrors;
import dev.bundlectl.plan.api.ApiResource;
import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Reads what CRDs hold ({@link CrdContents}): one GET of each CRD, and its resources listed in every
 * namespace, page by page. Never fails: what cannot be read is said in the contents.
 */
public final class CrdContentsReader {

    /** CustomResourceDefinitions, as every API server since 1.16 serves them. */
    public static final ApiResource CRDS = new ApiResource(GroupKind.CUSTOM_RESOURCE_DEFINITION.group(), "v1",
            GroupKind.CUSTOM_RESOURCE_DEFINITION.kind(), "customresourcedefinitions", false);

    /** Objects per page of a list. */
    static final int PAGE_SIZE = 500;

    private final KubeApi api;

    /** @param api the API server, retrying transient failures */
    public CrdContentsReader(KubeApi api) {
        this.api = Objects.requireNonNull(api, "api");
    }

    /** What each of {@code crdNames} holds, in order. */
    public Future<List<CrdContents>> read(List<String> crdNames) {
        return readFrom(crdNames, 0, new ArrayList<>());
    }

    private Future<List<CrdContents>> readFrom(List<String> crdNames, int index, List<CrdContents> read) {
        if (index == crdNames.size()) {
            return Future.succeededFuture(read);
        }
        return read(crdNames.get(index)).compose(contents -> {
            read.add(contents);
            return readFrom(crdNames, index + 1, read);
        });
    }

    /** What the CRD {@code crdName} holds; a CRD that is gone holds nothing. */
    public Future<CrdContents> read(String crdName) {
        return api.get(CRDS, null, crdName).transform(got -> {
            if (got.failed()) {
                return Future.succeededFuture(ApiException.isHttp(got.cause(), 404)
                        ? new CrdContents(crdName, null, List.of(), List.of(), null)
                        : new CrdContents(crdName, null, List.of(), List.of(), ClientErrors.describe(got.cause())));
            }
            return contents(crdName, got.result());
        });
    }

    /** The contents of the CRD {@code crd}, as read. */
    private Future<CrdContents> contents(String crdName, ObjectNode crd) {
        List<String> stored = new ArrayList<>();
        crd.path("status").path("storedVersions").forEach(version -> stored.add(version.asText()));
        ApiResource type = CrdContents.servedKind(crd);
        if (type == null) {
            return Future.succeededFuture(new CrdContents(crdName, null, List.of(), stored, null));
        }
        return resources(type).map(held -> new CrdContents(crdName, type, held, stored, null))
                .otherwise(error -> new CrdContents(crdName, type, List.of(), stored, ClientErrors.describe(error)));
    }

    /** Every resource of {@code type} in every namespace; none when the type is not served (any more). */
    Future<List<HeldResource>> resources(ApiResource type) {
        return api.listAll(type, null, null, PAGE_SIZE).map(items -> {
            List<HeldResource> held = new ArrayList<>();
            for (JsonNode item : items) {
                held.add(HeldResource.of(type.kind(), item));
            }
            return held;
        }).recover(error -> ApiException.isHttp(error, 404) ? Future.succeededFuture(List.of())
                : Future.failedFuture(error));
    }
}
