package dev.bundlectl.executor.apply;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.cluster.kube.ApiException;
import dev.bundlectl.plan.api.ApiResource;
import dev.bundlectl.crdschema.FieldError;
import dev.bundlectl.crdschema.SchemaValidator;
import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.List;

/**
 * Lists every custom resource of one version in all namespaces, page by page, and validates
 * each against a schema. Compiling the schema and validating a page run on a worker thread:
 * both are CPU work that grows with the CRD and the number of objects, and must not hold up
 * the event loop. Lists are retried like any read. A 404 means the version has no objects to
 * check; an expired continue token (410) restarts the scan once from the first page, as
 * Kubernetes' own pager does.
 */
final class CustomResourceScan {

    /** Objects per page; the API server's own default page size for clients that page. */
    static final int PAGE_SIZE = 500;

    private final PreparedStep run;
    private final ApiResource type;
    private final JsonNode schema;
    private Future<SchemaValidator> validator;

    CustomResourceScan(PreparedStep run, ApiResource type, JsonNode schema) {
        this.run = run;
        this.type = type;
        this.schema = schema;
    }

    /** The objects that fail the schema; fails only when a list fails. */
    Future<InvalidResources> invalidResources() {
        return page(null, new InvalidResources(type.kind()), true);
    }

    private Future<InvalidResources> page(String continueToken, InvalidResources found, boolean mayRestart) {
        return run.retrier().read("list " + describe(type), () -> run.api().list(type, null, PAGE_SIZE, continueToken))
                .transform(answer -> {
                    if (answer.succeeded()) {
                        JsonNode list = answer.result();
                        String next = list.path("metadata").path("continue").asText("");
                        return validate(list.path("items"))
                                .map(invalid -> found.add(invalid))
                                .compose(added -> next.isEmpty() ? Future.succeededFuture(found)
                                        : page(next, found, mayRestart));
                    }
                    if (answer.cause() instanceof ApiException api && api.isHttp(404)) {
                        return Future.succeededFuture(found);
                    }
                    if (answer.cause() instanceof ApiException api && api.isHttp(410) && continueToken != null
                            && mayRestart) {
                        return page(null, new InvalidResources(type.kind()), false);
                    }
                    return Future.failedFuture(answer.cause());
                });
    }

    /** {@code plural.group/version}, e.g. {@code caches.example.com/v1}, for messages. */
    static String describe(ApiResource type) {
        return type.plural() + "." + type.group() + "/" + type.version();
    }

    /** The invalid objects of one page, worked out on a worker thread. */
    private Future<List<InvalidResource>> validate(JsonNode items) {
        if (items.isEmpty()) {
            return Future.succeededFuture(List.of());
        }
        if (validator == null) {
            validator = run.env().context().executeBlocking(() -> SchemaValidator.of(schema), false);
        }
        return validator.compose(compiled -> run.env().context().executeBlocking(() -> {
            List<InvalidResource> invalid = new ArrayList<>();
            for (JsonNode item : items) {
                List<FieldError> errors = compiled.validate(item);
                if (!errors.isEmpty()) {
                    invalid.add(InvalidResource.of(item, errors));
                }
            }
            return invalid;
        }, false));
    }
}
